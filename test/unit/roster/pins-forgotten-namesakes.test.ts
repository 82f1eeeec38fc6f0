import { describe, expect, it } from 'vitest'
import { handoutPeople } from '../../../src/main/services/roster/roster-results'
import { tempDir } from '../../support/temp'
import { frozenRoster, row } from './harness'

/** Three "Ben Ng" on the console: one with his own mailbox, two sharing the front desk's. */
const ben = (id: string, email: string) => ({ type: 'user' as const, id, name: 'Ben Ng', email })
const people = [
  ben('3f9a0c12-0001', 'ben@example.com'),
  ben('7b21d4e9-0002', 'frontdesk@example.com'),
  ben('c4e8a310-0003', 'frontdesk@example.com'),
  { type: 'user' as const, id: 'u-cy', name: 'Cy Eng' }
]

describe('roster.handout: whose PIN is no longer known, each told from a namesake', () => {
  it('carries the row, the line and what tells each apart on the console, as the PINs picker does', async () => {
    const dir = await tempDir('roster-forgotten-')
    try {
      const { store, roster } = await frozenRoster(
        dir.path,
        people.map((p, i) => row(i + 1, p, { kind: 'none' }, { pin: true }))
      )
      const at = new Date().toISOString()
      for (const rowId of ['r2', 'r3', 'r4', 'r5'])
        await store.commit(
          roster,
          { t: 'sending', at, rowId, step: 'pin', attempt: 1 },
          { t: 'result', at, rowId, step: 'pin', state: 'done' }
        )
      // After a restart main holds no PIN: every one given is forgotten.
      expect(handoutPeople(roster.model, new Map(), true).pinsForgotten).toEqual([
        { rowId: 'r2', line: 2, name: 'Ben Ng', apart: { by: 'email', email: 'ben@example.com' } },
        // A shared mailbox tells neither apart: the console's id does, as the picker shows it.
        { rowId: 'r3', line: 3, name: 'Ben Ng', apart: { by: 'id', id: '7b21d4e9' } },
        { rowId: 'r4', line: 4, name: 'Ben Ng', apart: { by: 'id', id: 'c4e8a310' } },
        { rowId: 'r5', line: 5, name: 'Cy Eng', apart: null }
      ])
      await store.close()
    } finally {
      await dir.remove()
    }
  })
})
