import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AuditRow } from '../../../src/shared/audit/schemas'

/**
 * Every roster write's audit row names its person, as the screens' rows do, even when the console is
 * too slow for the journal's own read of the person before the write (a slow console, four rows at
 * once, card imports failing): the roster gives the name its plan read from the console. Filtering
 * the Audit by a name then finds that person's PIN.
 */
describe('the audit rows of a roster run on a slow console', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(() => demo.clearFaults())

  it('name the person of every PIN assignment', { timeout: 120_000 }, async () => {
    const firsts = ['Zoe', 'Yann', 'Xenia', 'Walt']
    const people: { id: string; email: string }[] = []
    for (const first of firsts) {
      const email = `${first.toLowerCase()}.langsam@example.com`
      people.push({ ...(await demo.addUser({ first_name: first, last_name: 'Langsam', email })), email })
    }
    const csv = [
      'Email,Card,PIN',
      ...people.map((p, i) => `${p.email},04A1B2C3D4E5${(0x10 + i).toString(16).toUpperCase()},yes`)
    ].join('\n')
    const opened = await app.call('roster.open', { fileName: 'slow.csv', data: Buffer.from(csv).toString('base64') })
    const id: string = opened.summary.id
    const options = { cards: 'none', batchId: null, pin: 'column', touchPass: 'none' }
    await app.call('roster.plan', { id, mapping: { email: 0, card: 1, pin: 2 }, options })

    // The walk's 2.5 s on a busy desk (six sockets shared by four rows and the journal's reads) came to
    // more than the journal waits for its read (3 s): a latency past it makes that read fail every time.
    await demo.faults({ latencyMs: 3200, errorRate: { 'POST /credentials/nfc_cards/import': 1 } })
    await app.call('roster.run', { id })
    await app.services.rosters.idle(id)
    await demo.clearFaults()

    // The console: each of them holds a PIN now.
    const users = await demo.held<{ id: string; pin_hash: string | null }>('users')
    for (const p of people) expect(users.find((u) => u.id === p.id)?.pin_hash).toBeTruthy()

    const rows = ((await app.call('audit.list', { filter: {} })) as { items: AuditRow[] }).items
    const pinRows = rows.filter((r) => r.action === 'PIN assignment')
    expect(pinRows).toHaveLength(4)
    expect(pinRows.map((r) => r.target.name).sort()).toEqual(firsts.map((f) => `${f} Langsam`).sort())
    const zoe = ((await app.call('audit.list', { filter: { text: 'Zoe' } })) as { items: AuditRow[] }).items
    expect(zoe.map((r) => r.action)).toContain('PIN assignment')
  })
})
