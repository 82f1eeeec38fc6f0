// Types of ci-summary.mjs for the tests (the script itself runs as plain Node).
export function summarize(input: {
  report?: unknown
  checksPassed: number
  checksFailed: number
  testStatus: number
  mutation?: string
}): string[]
