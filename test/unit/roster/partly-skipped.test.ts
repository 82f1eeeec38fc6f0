import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RosterRun, progressOf } from '../../../src/main/services/roster/roster-run'
import { resultsCsv } from '../../../src/main/services/roster/roster-results'
import { inResultFilter, resultCounts, resultState } from '../../../src/shared/roster/result-standing'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { cardsByOwner, freeCards, freshPeople, frozenRoster, row, userRef } from './harness'

/**
 * A row whose card was skipped (it belongs to someone else) but whose PIN was given is done with a
 * part skipped: the export and the row's state say so alike (the results once said "Done" and the CSV
 * "done"), and it is counted once, under Done, by the chips, the roster's summary and the run's bar
 * (it was counted under Done and again under Skipped).
 */
describe('a row done with its card skipped', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('roster-partly-')
  })
  afterAll(async () => {
    await demo?.stop()
    await dir?.remove()
  })

  it('reads "done, card skipped" in the export and is counted once, under Done; the console got the PIN only', async () => {
    const { users } = await freshPeople(demo, 2)
    const card = (await freeCards(demo))[0]!
    const owned = {
      kind: 'card-owned' as const,
      step: 'card' as const,
      message: 'The card belongs to someone else.',
      skipped: 'Skipped: the card belongs to someone else, nothing was replaced.',
      overridable: true,
      decision: 'skip' as const
    }
    const rows = [
      row(
        1,
        userRef(users[0]!),
        { kind: 'existing', nfcId: 'X', token: card.token, displayId: card.display_id },
        {
          pin: true,
          conflicts: [owned]
        }
      ),
      row(2, userRef(users[1]!), { kind: 'none' }, { pin: true })
    ]
    const { roster } = await frozenRoster(dir.path, rows).then(async (r) => {
      await new RosterRun(
        { store: r.store, client: async () => demo.client(), emit: () => undefined, pins: new Map() },
        r.roster
      ).run()
      return r
    })

    // The console: both PINs set, the skipped card bound to nobody of the roster.
    const client = demo.client()
    expect((await client.users.get(users[0]!.id)).pin_code).not.toBeNull()
    expect((await client.users.get(users[1]!.id)).pin_code).not.toBeNull()
    expect((await cardsByOwner(demo)).get(users[0]!.id)).toBeUndefined()

    const [partly, whole] = roster.model.outcomes()
    expect(partly!.state).toBe('done')
    expect(resultState(partly!)).toBe('done, card skipped')
    expect(resultState(whole!)).toBe('done')
    expect(inResultFilter(partly!, 'done')).toBe(true)
    expect(inResultFilter(whole!, 'skipped')).toBe(false)
    // One count per row: the chips add up to the rows, and say what the summary and the run's bar say.
    const chips = ['done', 'failed', 'to-check', 'skipped'] as const
    const outcomes = roster.model.outcomes()
    const perChip = chips.map((chip) => outcomes.filter((o) => inResultFilter(o, chip)).length)
    expect(perChip.reduce((a, b) => a + b, 0)).toBe(outcomes.length)
    const counts = resultCounts(outcomes)
    expect(counts).toEqual({ all: 2, done: 2, failed: 0, 'to-check': 0, skipped: 0 })
    expect(chips.map((chip) => counts[chip])).toEqual(perChip)
    const summary = roster.model.summary()
    expect([summary.done, summary.failed, summary.toCheck]).toEqual([counts.done, counts.failed, counts['to-check']])
    const bar = progressOf(roster.model, [], null)
    expect([bar.done, bar.failed, bar.toCheck]).toEqual([counts.done, counts.failed, counts['to-check']])

    const lines = resultsCsv(roster.model).text.split('\r\n')
    expect(lines[1]).toMatch(/^2,Roster Person\d+,user,.*,,yes,no,"done, card skipped","Skipped: the card belongs/)
    expect(lines[2]).toMatch(/^3,Roster Person\d+,user,.*,,yes,no,done,$/)
  })
})
