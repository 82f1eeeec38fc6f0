import { readFileSync } from 'node:fs'
import { createAccessClient } from '../../../src/main/services/access/client'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { memoryStore } from '../../support/memory-store'

/**
 * Updates one visitor again and again through an access client whose writes go to the audit
 * journal. Prints `begun N` once write N is on record (before it is sent) and `saved N` once its
 * answer came back (and is on record). The crash test kills this process with SIGKILL.
 */
const [dir, url, pemPath, fingerprint256, visitorId] = process.argv.slice(2) as [string, string, string, string, string]
const memory = new Map<string, unknown>()
const audit = new AuditService({
  dir,
  store: memoryStore(memory),
  activeConsole: async () => ({ name: 'Crash console', url })
})
const recorder = audit.recorder({ name: 'Crash console', url })
let n = 0
const client = createAccessClient({
  baseUrl: url,
  token: process.env.CRASH_TOKEN!,
  pin: { fingerprint256, pems: [readFileSync(pemPath, 'utf8')] },
  timeoutMs: 60_000,
  onWrite: {
    before: async (call) => {
      const answered = await recorder.before(call)
      process.stdout.write(`begun ${n}\n`)
      return answered
    }
  }
})
for (;;) {
  n++
  await client.visitors.update(visitorId, { remarks: `crash ${n}` })
  process.stdout.write(`saved ${n}\n`)
}
