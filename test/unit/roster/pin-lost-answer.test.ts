import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RosterRun } from '../../../src/main/services/roster/roster-run'
import { RosterJournal } from '../../../src/main/services/roster/roster-journal'
import { pinDigest } from '../../../src/main/services/audit/kept-write'
import type { RosterProgress } from '../../../src/shared/roster/run'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { freshPeople, frozenRoster, row, userRef } from './harness'

/**
 * A PIN step whose answer was lost (the app stopped after sending it) is told by the rule of the audit's
 * later check (read-back-rules.ts pinGiven): the PIN the person holds now against the one read before the
 * try. Given: done, its digits not known (a new PIN is needed for a slip); not given: sent again; nothing
 * read before: still to check. The run's progress says what the check found.
 */
describe('roster: a PIN whose answer was lost, checked by the PIN held before', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>
  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('roster-pin-lost-')
  })
  afterAll(async () => {
    await demo?.stop()
    await dir?.remove()
  })

  const pinToken = async (id: string) => (await demo.client().users.get(id)).pin_code?.token ?? null

  it('set: done with its digits not known; not set: sent again; nothing read before: to check', async () => {
    const { users } = await freshPeople(demo, 4)
    const [given, lost, replaced, unread] = users.map(userRef) as [
      ReturnType<typeof userRef>,
      ReturnType<typeof userRef>,
      ReturnType<typeof userRef>,
      ReturnType<typeof userRef>
    ]
    const rows = [given, lost, replaced, unread].map((p, i) => row(i, p, { kind: 'none' }, { pin: true }))
    const { store, roster } = await frozenRoster(join(dir.path, 'a'), rows)
    // Replaced held a PIN before; unread holds one too, with nothing read before its try.
    await demo.client().users.assignPin(replaced.id, '55123409')
    await demo.client().users.assignPin(unread.id, '66123409')
    const replacedBefore = await pinToken(replaced.id)
    const at = new Date().toISOString()
    await store.commit(
      roster,
      { t: 'sending', at, rowId: 'r1', step: 'pin', attempt: 1, detail: { pinBefore: null } },
      { t: 'sending', at, rowId: 'r2', step: 'pin', attempt: 1, detail: { pinBefore: null } },
      { t: 'sending', at, rowId: 'r3', step: 'pin', attempt: 1, detail: { pinBefore: pinDigest(replacedBefore) } },
      { t: 'sending', at, rowId: 'r4', step: 'pin', attempt: 1 }
    )
    // Only the first try reached the console before the app stopped.
    await demo.client().users.assignPin(given.id, '77123409')
    const givenPin = await pinToken(given.id)
    await store.close()

    const reopened = new RosterJournal(join(dir.path, 'a'))
    const loaded = await reopened.get('roster-1')
    expect(loaded.model.outcomes().map((o) => o.pin)).toEqual(['to-check', 'to-check', 'to-check', 'to-check'])
    const pins = new Map<string, string>()
    loaded.model.pinDigits = pins
    const events: RosterProgress[] = []
    await new RosterRun(
      {
        store: reopened,
        client: async () => demo.client(),
        emit: (_, p) => void events.push(p as RosterProgress),
        pins
      },
      loaded
    ).run()

    const outcomes = loaded.model.outcomes()
    expect(outcomes.map((o) => [o.state, o.pin])).toEqual([
      ['done', 'digits-lost'],
      ['done', 'known'],
      ['done', 'known'],
      ['to-check', 'to-check']
    ])
    expect(events.at(-1)?.pinsChecked).toEqual({ digitsLost: 1, sentAgain: 2, toCheck: 1 })
    // The console: the PIN given before the stop is the one held (none given twice); the others hold a new one.
    expect(await pinToken(given.id)).toBe(givenPin)
    expect(await pinToken(lost.id)).not.toBeNull()
    expect(await pinToken(replaced.id)).not.toBe(replacedBefore)
    expect([...pins.keys()].sort()).toEqual(['r2', 'r3'])
    await reopened.close()
  })
})
