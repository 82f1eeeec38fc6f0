import { describe, expect, it } from 'vitest'
import writeExcelFile from 'write-excel-file/node'
import { useAppServices } from '../../support/app-services'
import { control } from '../access/support'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import type { RowOutcome } from '../../../src/shared/roster/run'
import { resultState } from '../../../src/shared/roster/result-standing'

/**
 * An XLSX roster whose card cell is a number (Excel dropped the leading zero of "04123456789012"):
 * the plan explains the cell is not understood; after the run the row is done with its card skipped,
 * on screen (the outcome's steps) and in the results export, never plainly "done" with no reason.
 */
describe('a roster row whose card cell is not understood', () => {
  const app = useAppServices()

  it('reads "done, card skipped" with the reason; the console gave the PIN and no card', async () => {
    const demo = await app.services.connections.demoConsole()
    const userId = (
      await control<{ data: { id: string } }>(demo, 'POST', '/__demo/users', {
        first_name: 'Zahl',
        last_name: 'Karte',
        email: 'zahl.karte@example.com'
      })
    ).body.data.id

    const bytes = await writeExcelFile([
      ['Email', 'Card', 'PIN'],
      ['zahl.karte@example.com', 4123456789012, 'yes']
    ]).toBuffer()
    const opened = await app.call('roster.open', { fileName: 'people.xlsx', data: bytes.toString('base64') })
    const id: string = opened.summary.id
    const options = { cards: 'none', batchId: null, pin: 'column', touchPass: 'none' }
    const plan = await app.call('roster.plan', { id, mapping: { email: 0, card: 1, pin: 2 }, options })
    const [planned] = plan.rows as PlanRow[]
    const cardConflict = planned!.conflicts.find((c) => c.kind === 'bad-card-cell')
    expect(cardConflict?.message).toContain('4123456789012')

    expect(await app.call('roster.run', { id })).toEqual({ started: true })
    await app.services.rosters.idle(id)

    // The console: the PIN was set, no card was bound to the user.
    const user = (
      await control<{ data: { id: string; pin_hash: string | null }[] }>(demo, 'GET', '/__demo/state/users')
    ).body.data.find((u) => u.id === userId)!
    expect(user.pin_hash).not.toBeNull()
    const client = await app.services.connections.client()
    expect((await client.users.get(userId)).nfc_cards).toEqual([])

    const detail = await app.call('roster.get', { id })
    const outcome = (detail.outcomes as RowOutcome[]).find((o) => o.rowId === planned!.rowId)!
    expect(outcome.state).toBe('done')
    expect(resultState(outcome)).toBe('done, card skipped')
    expect(outcome.steps).toContainEqual(expect.objectContaining({ state: 'skipped', reason: cardConflict!.message }))

    const csv = await app.call('roster.exportCsv', { id })
    const line = (csv.text as string).split('\r\n')[1]!
    expect(line).toContain('"done, card skipped"')
    expect(line).toContain('4123456789012')
  })
})
