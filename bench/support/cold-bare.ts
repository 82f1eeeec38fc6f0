import { bareFetcher } from './list-bench'

/**
 * One bare fetch in a process of its own, printed as JSON: code, TLS connection and heap as fresh
 * as the app's main process finds them at its first open after start (the judged baseline is a
 * warm loop in the benchmark's process). Input: JSON of { base, pin, path, pageSize } as argv[2].
 */
const { base, pin, path, pageSize } = JSON.parse(process.argv[2]!) as {
  base: { url: string; tokens: { full: string } }
  pin: { fingerprint256: string; pems: string[] }
  path: string
  pageSize: number
}
const result = await bareFetcher(base, pin)(path, pageSize)
process.stdout.write(JSON.stringify(result) + '\n')
process.exit(0)
