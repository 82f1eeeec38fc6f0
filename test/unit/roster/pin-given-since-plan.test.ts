import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RosterRun } from '../../../src/main/services/roster/roster-run'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { freshPeople, frozenRoster, row, userRef } from './harness'
import { runCounts } from '../../../src/shared/roster/run-standing'

/**
 * The plan is made from what the console held then: a person with no PIN is planned to get one, a person
 * holding one is skipped unless the desk chose to replace it. A PIN another desk gives between the plan
 * and the run is that same question asked anew: the run never replaces it unasked (the PINs screen asks
 * again in that case too). Found by a fresh walk: "Run 1 row" replaced a PIN given a moment before.
 */
describe('roster: a PIN given by another desk after the plan was made', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>
  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('roster-pin-since-plan-')
  })
  afterAll(async () => {
    await demo?.stop()
    await dir?.remove()
  })

  const pinToken = async (id: string) => (await demo.client().users.get(id)).pin_code?.token ?? null

  it('is kept, the step skipped with why; a PIN the desk chose to replace is replaced; a person with none gets one', async () => {
    const { users } = await freshPeople(demo, 3)
    const [ben, kofi, ivan] = users.map(userRef) as [
      ReturnType<typeof userRef>,
      ReturnType<typeof userRef>,
      ReturnType<typeof userRef>
    ]
    // Ivan held a PIN when the plan was made, and the desk chose "Do it anyway".
    await demo.client().users.assignPin(ivan.id, '55123409')
    const ivanBefore = await pinToken(ivan.id)
    const replace = {
      kind: 'has-pin' as const,
      step: 'pin' as const,
      message: `${ivan.name} already has a PIN.`,
      overridable: true,
      decision: 'go-ahead' as const
    }
    const rows = [
      row(0, ben, { kind: 'none' }, { pin: true }),
      row(1, kofi, { kind: 'none' }, { pin: true }),
      row(2, ivan, { kind: 'none' }, { pin: true, conflicts: [replace] })
    ]
    const { store, roster } = await frozenRoster(join(dir.path, 'a'), rows)
    // The second writer: another desk gives Ben a PIN after the plan, before the run.
    await demo.client().users.assignPin(ben.id, '86420975')
    const benBefore = await pinToken(ben.id)
    expect(benBefore).not.toBeNull()

    const pins = new Map<string, string>()
    roster.model.pinDigits = pins
    await new RosterRun({ store, client: async () => demo.client(), emit: () => undefined, pins }, roster).run()

    // The console: Ben keeps the PIN the other desk gave; Kofi has one now; Ivan's was replaced as chosen.
    expect(await pinToken(ben.id)).toBe(benBefore)
    expect(await pinToken(kofi.id)).not.toBeNull()
    expect(await pinToken(ivan.id)).not.toBe(ivanBefore)
    expect([...pins.keys()].sort()).toEqual(['r2', 'r3'])
    // The row says what happened and what to do, never "Done" with a PIN it did not give.
    const [benRow] = roster.model.stepStates(rows[0]!).filter((s) => s.step === 'pin')
    expect(benRow?.record.state).toBe('skipped')
    expect(benRow?.record.reason).toMatch(/was given a PIN after the plan was made.*nothing was replaced/)
    expect(roster.model.outcomes()[0]?.pin).not.toBe('known')
    // Still one of the run's rows: it ran and ended (done, its PIN skipped, with why), so the run's counts
    // keep every planned row — never a row gone from the total, nor one said "not started" in its place.
    expect(roster.model.outcomes()[0]?.state).toBe('done')
    expect(runCounts(roster.model.outcomes(), { running: false, expected: 3 })).toMatchObject({
      rows: 3,
      done: 3,
      notStarted: 0
    })
    await store.close()
  })
})
