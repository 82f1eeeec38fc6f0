import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import type { RowOutcome } from '../../../src/shared/roster/run'

type HeldCard = { nfc_id?: string; status?: string; token: string; owner: { id: string } | null }

/**
 * A roster's card that another person came to hold between the plan and the run: the console refuses
 * the import, and would refuse it again, so "Retry failed" sends nothing for that row (shared/way-on.ts,
 * asked by main's run as by the screen), and the row names who holds the card. A row failed for a
 * reason that may change is sent again by the same Retry.
 */
describe('a roster Retry and a refusal the console would give again', () => {
  const app = useAppServices()
  const demo = demoControl(app)

  it('sends nothing again for the card another person holds; the console still has it once, theirs', async () => {
    const nfcId = `04${randomBytes(6).toString('hex').toUpperCase()}`
    const { id: ines } = await demo.addUser({ first_name: 'Ines', last_name: 'Wagner', email: 'ines.w@example.com' })
    const { id: holder } = await demo.addUser({ first_name: 'Hugo', last_name: 'Brandt' })
    const csv = `Email,Card\nines.w@example.com,${nfcId}\n`
    const opened = await app.call('roster.open', { fileName: 'cards.csv', data: Buffer.from(csv).toString('base64') })
    const id: string = opened.summary.id
    const options = { cards: 'none', batchId: null, pin: 'none', touchPass: 'none' }
    await app.call('roster.plan', { id, mapping: { email: 0, card: 1 }, options })

    // Between the plan and the run, another desk gives the card to Hugo Brandt.
    const client = await app.services.connections.client()
    const [record] = await client.nfcCards.importCsv(`${nfcId},\n`, { filename: 'other desk.csv' })
    await client.users.assignNfc(holder, record!.token)

    await app.call('roster.run', { id })
    await app.services.rosters.idle(id)
    const [failed] = (await app.call('roster.get', { id })).outcomes as RowOutcome[]
    expect(failed).toMatchObject({ state: 'failed' })
    expect(failed!.steps[0]).toMatchObject({ step: 'card-import', state: 'failed' })
    expect(failed!.steps[0]!.reason).toContain('Hugo Brandt')

    const writes = async () => ((await app.call('audit.list', { filter: {} })) as { items: AuditRow[] }).items.length
    const before = await writes()
    await app.call('roster.retryFailed', { id })
    await app.services.rosters.idle(id)
    // Nothing sent: no new audit row, the row as it was, the card once on the console, Hugo's.
    expect(await writes()).toBe(before)
    expect(((await app.call('roster.get', { id })).outcomes as RowOutcome[])[0]).toMatchObject({ state: 'failed' })
    const held = (await demo.held<HeldCard>('cards')).filter(
      (c) => c.nfc_id?.toUpperCase() === nfcId && c.status !== 'deleted'
    )
    expect(held.map((c) => c.owner?.id)).toEqual([holder])
    expect(held.some((c) => c.owner?.id === ines)).toBe(false)
  })
})
