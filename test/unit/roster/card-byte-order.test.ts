import { describe, expect, it } from 'vitest'
import { ConsoleCards } from '../../../src/main/services/batches/console-cards'
import { PeopleIndex } from '../../../src/main/services/roster/person-match'
import { planRoster } from '../../../src/main/services/roster/roster-plan'
import type { BatchRow } from '../../../src/shared/batches/schemas'
import { rosterOptionsSchema, type RosterOptions } from '../../../src/shared/roster/sheet'
import { user } from './people'

/**
 * A card is one card in either byte order (shared/nfc/card-identity.ts), in the roster's plan as in
 * the batches and on the console: a roster's card cell written in the other order than its import
 * batch row names that batch row, is never handed out again to a row asking for "the next batch card",
 * and two rows naming it in either order are a duplicate.
 */
const people = new PeopleIndex(
  [
    user('u-a', { first_name: 'An', last_name: 'A', user_email: 'a@example.com' }),
    user('u-b', { first_name: 'Be', last_name: 'B', user_email: 'b@example.com' }),
    user('u-c', { first_name: 'Ce', last_name: 'C', user_email: 'c@example.com' })
  ],
  []
)
const batchRow = (id: string, nfcId: string): BatchRow => ({
  id,
  nfcId,
  alias: '',
  addedAt: '2026-11-25T10:00:00Z',
  source: 'scan',
  status: 'pending'
})

function plan(rows: string[][], options: Partial<RosterOptions>, batchRows: BatchRow[]) {
  return planRoster({
    rows,
    mapping: { email: 0, card: 1 },
    options: rosterOptionsSchema.parse(options),
    people,
    resolved: new Map(),
    cards: new ConsoleCards([]),
    batchRows,
    assignablePasses: 0,
    decisions: []
  }).rows
}

describe('roster cards in either byte order', () => {
  it('a card cell in the other order names the batch row, which is not handed out again', () => {
    const rows = plan(
      [
        // The batch holds 04A23B1F; the file writes it reversed.
        ['a@example.com', '1F3BA204'],
        ['b@example.com', '']
      ],
      { cards: 'batch', batchId: 'B' },
      [batchRow('b1', '04A23B1F'), batchRow('b2', '04A23B20')]
    )
    expect(rows[0]!.card).toEqual({ kind: 'batch', batchId: 'B', rowId: 'b1', nfcId: '04A23B1F' })
    // The next batch card for the row without a cell is the other one.
    expect(rows[1]!.card).toMatchObject({ kind: 'batch', rowId: 'b2' })
  })

  it('two rows naming one card in either order: the second is a duplicate', () => {
    const rows = plan(
      [
        ['a@example.com', '04A23B1F'],
        ['c@example.com', '1F3BA204']
      ],
      {},
      []
    )
    expect(rows[0]!.conflicts).toEqual([])
    expect(rows[1]!.conflicts.map((c) => c.kind)).toEqual(['duplicate-card'])
  })
})
