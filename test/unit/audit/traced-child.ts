import { readFileSync } from 'node:fs'
import { createAccessClient } from '../../../src/main/services/access/client'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { memoryStore } from '../../support/memory-store'

/**
 * Updates one visitor `count` times through an access client whose writes go to the audit journal,
 * printing `answered N` once each call returned (as a screen would show its result). Run under
 * strace by the audit durability test.
 */
const [dir, url, pemPath, fingerprint256, visitorId, count] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string
]
const memory = new Map<string, unknown>()
const audit = new AuditService({
  dir,
  store: memoryStore(memory),
  activeConsole: async () => ({ name: 'Traced', url })
})
const client = createAccessClient({
  baseUrl: url,
  token: process.env.TRACED_TOKEN!,
  pin: { fingerprint256, pems: [readFileSync(pemPath, 'utf8')] },
  onWrite: audit.recorder({ name: 'Traced', url })
})
for (let n = 1; n <= Number(count); n++) {
  await client.visitors.update(visitorId, { remarks: `traced ${n}` })
  process.stdout.write(`answered ${n}\n`)
}
client.close()
await audit.close()
