import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import type { RowOutcome } from '../../../src/shared/roster/run'

type HeldCard = { nfc_id?: string; status?: string; owner: { id: string } | null }

/**
 * The console answers its own server error (500 CODE_SYSTEM_ERROR) to a roster's card import it
 * carried out. A CSV import may be applied before the console's error (access/lost-answer.ts, E16's
 * `appliesInPart`): as Import marks such rows, the roster's rows are "to check", never "failed", and
 * the Audit says Unknown; Retry reads the console back first and sends no import again. Each card is
 * on the console once, held by its person.
 */
describe('a roster card import answered with the console’s server error', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(() => demo.clearFaults())

  it('is to check, Unknown in the audit, and read back (not sent again) by Retry', async () => {
    const names = ['Una', 'Vera', 'Wim']
    const people: { id: string; email: string; nfcId: string }[] = []
    for (const first of names) {
      const email = `${first.toLowerCase()}.fuenfhundert@example.com`
      const { id } = await demo.addUser({ first_name: first, last_name: 'Fuenfhundert', email })
      people.push({ id, email, nfcId: `04${randomBytes(6).toString('hex').toUpperCase()}` })
    }
    const csv = ['Email,Card', ...people.map((p) => `${p.email},${p.nfcId}`)].join('\n')
    const opened = await app.call('roster.open', {
      fileName: 'cards.csv',
      data: Buffer.from(csv).toString('base64')
    })
    const id: string = opened.summary.id
    const options = { cards: 'none', batchId: null, pin: 'none', touchPass: 'none' }
    await app.call('roster.plan', { id, mapping: { email: 0, card: 1 }, options })

    await demo.faults({ afterCommit: { status500: 1, paths: ['POST /credentials/nfc_cards/import'] } })
    await app.call('roster.run', { id })
    await app.services.rosters.idle(id)
    await demo.clearFaults()

    const outcomes = (await app.call('roster.get', { id })).outcomes as RowOutcome[]
    expect(outcomes.map((o) => o.state)).toEqual(['to-check', 'to-check', 'to-check'])
    expect(outcomes.map((o) => o.steps[0])).toEqual(
      people.map(() => expect.objectContaining({ step: 'card-import', state: 'unknown' }))
    )
    const importRows = async () =>
      ((await app.call('audit.list', { filter: {} })) as { items: AuditRow[] }).items.filter(
        (r) => r.action === 'import'
      )
    // Unknown, never Refused (the console's read-back may have settled them Done since).
    const outcomesInAudit = (await importRows()).map((r) => r.outcome)
    expect(outcomesInAudit).toHaveLength(3)
    for (const outcome of outcomesInAudit) expect(['unknown', 'ok']).toContain(outcome)

    expect(await app.call('roster.retryFailed', { id })).toEqual({ started: true })
    await app.services.rosters.idle(id)
    const after = (await app.call('roster.get', { id })).outcomes as RowOutcome[]
    expect(after.map((o) => o.state)).toEqual(['done', 'done', 'done'])
    // Read back, not sent again: still the three imports of the first run.
    expect(await importRows()).toHaveLength(3)
    const cards = await demo.held<HeldCard>('cards')
    for (const p of people) {
      const held = cards.filter((c) => c.nfc_id?.toUpperCase() === p.nfcId && c.status !== 'deleted')
      expect(held.map((c) => c.owner?.id)).toEqual([p.id])
    }
  })
})
