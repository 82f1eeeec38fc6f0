// Types of test-runs.mjs for its test (the script itself runs as plain Node).
export interface Run {
  name: string
  projects: string[]
}
export interface FileReport {
  name: string
  status: string
  message?: string
  assertionResults: { title: string; status: string; failureMessages: string[] }[]
}
export interface Report {
  numTotalTests: number
  numPassedTests: number
  numFailedTests: number
  startTime: number
  success: boolean
  testResults: FileReport[]
  [count: string]: unknown
}
export const runs: Run[]
export function mergeReports(reports: (Report | undefined)[]): Report
export function outputFileOf(args: string[]): { index: number; file: string; width: number } | undefined
export function runArguments(args: string[], run: Run, partFile: string): string[]
