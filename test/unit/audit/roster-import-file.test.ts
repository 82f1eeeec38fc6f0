import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RosterRun } from '../../../src/main/services/roster/roster-run'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'
import { cardsByOwner, freshPeople, frozenRoster, nfcHex, row, userRef } from '../roster/harness'

/**
 * A roster run's card import is recorded under the file the person opened (the roster's file name),
 * not a name the app made up for the request: the Audit row of the import names "people.csv".
 */
describe('the audit row of a roster card import', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>
  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('roster-audit-')
  })
  afterAll(async () => {
    await demo?.stop()
    await dir?.remove()
  })

  it('names the roster file the person opened', async () => {
    const audit = new AuditService({
      dir: join(dir.path, 'audit'),
      store: memoryStore(),
      activeConsole: async () => null,
      desk: { user: 'ana', host: 'desk-7' }
    })
    const client = demo.client('full', { onWrite: audit.recorder({ name: 'Demo console', url: 'https://demo' }) })
    const { users } = await freshPeople(demo, 1)
    const person = userRef(users[0]!)
    const nfcId = nfcHex(950)
    // frozenRoster opens "people.csv".
    const { store, roster } = await frozenRoster(join(dir.path, 'r'), [row(1, person, { kind: 'import', nfcId })])
    await new RosterRun({ store, client: async () => client, emit: () => undefined, pins: new Map() }, roster).run()
    expect((await cardsByOwner(demo)).get(person.id)).toHaveLength(1)

    const imports = (await audit.all()).filter((r) => r.action === 'import')
    expect(imports).toHaveLength(1)
    expect(imports[0]).toMatchObject({ outcome: 'ok', detail: expect.stringContaining('1 card from people.csv') })
    await audit.close()
  })
})
