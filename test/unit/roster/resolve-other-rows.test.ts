import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { control } from '../access/support'
import type { PlanRow } from '../../../src/shared/roster/sheet'

/**
 * Resolving one row can change another: choosing a person who is already on a later line makes that
 * line a duplicate. The answer carries every row, so the screen never shows a plan main no longer has.
 */
describe('resolving a row answers the whole plan', () => {
  const app = useAppServices()

  it('a person chosen for one line who is on a later line: that line is a duplicate in the same answer', async () => {
    const demo = await app.services.connections.demoConsole()
    const addUser = async (first: string, last: string, email: string) =>
      (
        await control<{ data: { id: string } }>(demo, 'POST', '/__demo/users', {
          first_name: first,
          last_name: last,
          email
        })
      ).body.data.id
    await addUser('Ada', 'Twin', 'ada.twin.a@example.com')
    await addUser('Ada', 'Twin', 'ada.twin.b@example.com')
    const bo = await addUser('Bo', 'Plan', 'bo.plan@example.com')
    const csv = ['Name,Email', 'Ada Twin,', 'Bo Plan,bo.plan@example.com'].join('\r\n')
    const opened = await app.call('roster.open', { fileName: 'staff.csv', data: Buffer.from(csv).toString('base64') })
    const id: string = opened.summary.id
    const options = { cards: 'none', batchId: null, pin: 'none', touchPass: 'none' }
    const plan = await app.call('roster.plan', { id, mapping: { fullName: 0, email: 1 }, options })
    const before = new Map<string, PlanRow>(plan.rows.map((r: PlanRow) => [r.rowId, r]))
    expect(before.get('r2')!.match.state).toBe('ambiguous')
    expect(before.get('r3')!.conflicts.map((c) => c.kind)).not.toContain('duplicate-person')

    const resolved = await app.call('roster.resolve', {
      id,
      rowId: 'r2',
      person: { type: 'user', id: bo, name: 'Bo Plan' }
    })
    expect(resolved.row.rowId).toBe('r2')
    const after = new Map<string, PlanRow>(resolved.rows.map((r: PlanRow) => [r.rowId, r]))
    expect(after.get('r3')!.conflicts.map((c) => c.kind)).toContain('duplicate-person')
    // The same as main holds when the roster is read again.
    const again = await app.call('roster.get', { id })
    expect(resolved.rows).toEqual(again.rows)
  })
})
