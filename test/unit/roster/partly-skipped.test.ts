import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RosterRun } from '../../../src/main/services/roster/roster-run'
import { resultsCsv } from '../../../src/main/services/roster/roster-results'
import { inResultFilter, resultState } from '../../../src/shared/roster/result-standing'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { cardsByOwner, freeCards, freshPeople, frozenRoster, row, userRef } from './harness'

/**
 * A row whose card was skipped (it belongs to someone else) but whose PIN was given is done with a
 * part skipped: the export, the row's state and the Skipped chip say so alike (the results said
 * "Done" beside "Skipped (0)" and the CSV "done").
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

  it('reads "done, card skipped" in the export and falls under Done and Skipped; the console got the PIN only', async () => {
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
    expect(inResultFilter(partly!, 'skipped')).toBe(true)
    expect(inResultFilter(partly!, 'done')).toBe(true)
    expect(inResultFilter(whole!, 'skipped')).toBe(false)

    const lines = resultsCsv(roster.model).text.split('\r\n')
    expect(lines[1]).toMatch(/^2,Roster Person\d+,user,.*,,yes,no,"done, card skipped","Skipped: the card belongs/)
    expect(lines[2]).toMatch(/^3,Roster Person\d+,user,.*,,yes,no,done,$/)
  })
})
