import { readFileSync } from 'node:fs'
import { createAccessClient } from '../../../src/main/services/access/client'
import { RosterRun } from '../../../src/main/services/roster/roster-run'
import { RosterJournal } from '../../../src/main/services/roster/roster-journal'

/**
 * Runs a roster already frozen on disk against the console at `url`, with no end in sight (the console
 * is slow). The crash test kills this process with SIGKILL mid-run.
 */
const [dir, rosterId, url, pemPath, fingerprint256] = process.argv.slice(2) as [string, string, string, string, string]
const client = createAccessClient({
  baseUrl: url,
  token: process.env.CRASH_TOKEN!,
  pin: { fingerprint256, pems: [readFileSync(pemPath, 'utf8')] },
  timeoutMs: 60_000
})
const store = new RosterJournal(dir)
const roster = await store.get(rosterId)
process.stdout.write('running\n')
await new RosterRun({ store, client: async () => client, emit: () => undefined, pins: new Map() }, roster).run()
process.stdout.write('finished\n')
