// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { ConsoleCards } from '../../../src/main/services/batches/console-cards'
import { PeopleIndex } from '../../../src/main/services/roster/person-match'
import { planRoster, plannedSteps, type PlanInput } from '../../../src/main/services/roster/roster-plan'
import { stepsOf } from '../../../src/main/services/roster/roster-steps'
import { nfcCardSchema } from '../../../src/shared/access/nfc-cards'
import type { BatchRow } from '../../../src/shared/batches/schemas'
import { consoleCardNumber } from '../../../src/shared/nfc/card-number'
import {
  rosterOptionsSchema,
  rowNeedsYou,
  type PersonRef,
  type PlanRow,
  type RosterOptions
} from '../../../src/shared/roster/sheet'
import { rowIn } from '../../../src/renderer/src/screens/roster/roster-words'
import { touchPass, user, visitor } from '../../unit/roster/people'
import { rosterInEnglish } from '../../support/roster-english'

rosterInEnglish()

const ada = user('u-ada', {
  first_name: 'Ada',
  last_name: 'Ng',
  user_email: 'ada@example.com',
  nfc_cards: [{ id: '000123', token: 'tok-ada', type: 'ua_card' }],
  pin_code: { token: 'h' },
  touch_pass: touchPass('tp-ada')
})
const bo = user('u-bo', { first_name: 'Bo', last_name: 'Li', user_email: 'bo@example.com' })
const cy = user('u-cy', { first_name: 'Cy', last_name: 'Ro', user_email: 'cy@example.com' })
const di = user('u-di', { first_name: 'Di', last_name: 'Sa', user_email: 'di@example.com' })
const vic = visitor('v-vic', { first_name: 'Vic', last_name: 'Tor', email: 'vic@example.com' })
const twinA = user('u-t1', { first_name: 'Sam', last_name: 'Lee', user_email: 'sam1@example.com' })
const twinB = user('u-t2', { first_name: 'Sam', last_name: 'Lee', user_email: 'sam2@example.com' })
const people = new PeopleIndex([ada, bo, cy, di, twinA, twinB], [vic])

/** A console card whose display id is the NFC ID in decimal, as third-party cards are numbered. */
function consoleCard(nfcId: string, token: string, userId = '', userType: 'USER' | 'VISITOR' | '' = '') {
  return nfcCardSchema.parse({
    token,
    display_id: consoleCardNumber(nfcId),
    status: userId ? 'assigned' : 'pending',
    user_id: userId,
    user_type: userType
  })
}
const cards = new ConsoleCards([
  consoleCard('04A23B1C', 'tok-free'),
  consoleCard('04A23B1D', 'tok-bos', 'u-bo', 'USER'),
  consoleCard('04A23B1E', 'tok-ada', 'u-ada', 'USER')
])

function batchRow(id: string, nfcId: string, status: BatchRow['status'], extra: Partial<BatchRow> = {}): BatchRow {
  return { id, nfcId, alias: '', addedAt: '2026-11-25T10:00:00Z', source: 'scan', status, ...extra }
}

const HEADERS = { email: 0, fullName: 1, card: 2, pin: 3, touchPass: 4 }

function plan(rows: string[][], over: Partial<Omit<PlanInput, 'options'>> & { options?: Partial<RosterOptions> } = {}) {
  return planRoster({
    rows,
    mapping: HEADERS,
    people,
    resolved: new Map(),
    cards,
    batchRows: [],
    assignablePasses: 10,
    decisions: [],
    ...over,
    options: rosterOptionsSchema.parse(over.options ?? {})
  })
}

const kinds = (row: PlanRow) => row.conflicts.map((c) => c.kind)
const only = (rows: string[][], over: Parameters<typeof plan>[1] = {}) => plan(rows, over).rows[0]!

describe('rows and people', () => {
  it('names each row by its line in the file (header = line 1), blank lines left out kept', () => {
    const p = plan(
      [
        ['bo@example.com', 'Bo Li', '', '', ''],
        ['', '', '', '', '']
      ],
      { lines: [2, 5] }
    )
    expect(p.rows.map((r) => [r.rowId, r.line])).toEqual([
      ['r2', 2],
      ['r5', 5]
    ])
    expect(plan([['bo@example.com', 'Bo Li', '', '', '']]).rows[0]!.rowId).toBe('r2')
  })

  it('labels a row by the name, else the email, else its line', () => {
    const p = plan([
      ['bo@example.com', 'Li, Bo', '', '', ''],
      ['nobody@example.com', '', '', '', ''],
      ['', '', '', '', '']
    ])
    expect(p.rows.map((r) => r.label)).toEqual(['Bo Li', 'nobody@example.com', 'Line 4'])
    expect(p.rows[2]!.match).toMatchObject({
      state: 'missing',
      reason: 'This row gives no email, employee number or name.'
    })
  })

  it("takes the user's choice for a row: a person (chosen) or left out (skipped)", () => {
    const rows = [
      ['', 'Sam Lee', '', '', ''],
      ['', 'Sam Lee', '', '', ''],
      ['', 'Sam Lee', '', '', '']
    ]
    const chosen: PersonRef = { type: 'user', id: 'u-t2', name: 'Sam Lee' }
    const p = plan(rows, {
      resolved: new Map([
        ['r2', chosen],
        ['r3', null]
      ]),
      options: { pin: 'all' }
    })
    expect(p.rows[0]!.match).toEqual({
      state: 'matched',
      by: 'chosen',
      person: expect.objectContaining({ id: 'u-t2', email: 'sam2@example.com' })
    })
    expect(p.rows[1]!.match).toEqual({ state: 'skipped' })
    expect(p.rows[2]!.match.state).toBe('ambiguous')
    // Wishes are kept on every row; only the matched one is ready.
    expect(p.rows.map((r) => r.pin)).toEqual([true, true, true])
    expect(p.totals).toMatchObject({ matched: 1, skipped: 1, ambiguous: 1, pins: 1, ready: 1 })
  })
})

describe('cards', () => {
  it('an NFC ID the console holds (any form the app accepts) is that card; one it lacks is imported', () => {
    expect(only([['bo@example.com', 'Bo Li', '04:a2:3b:1c', '', '']]).card).toEqual({
      kind: 'existing',
      nfcId: '04A23B1C',
      token: 'tok-free',
      displayId: '77740828'
    })
    expect(only([['bo@example.com', 'Bo Li', ' 0x04a23b99 ', '', '']]).card).toEqual({
      kind: 'import',
      nfcId: '04A23B99'
    })
  })

  it('a card the console does not show: the plan says a "no" is not certain when some cards show no NFC ID (UA cards)', () => {
    const withUa = new ConsoleCards([
      consoleCard('04A23B1C', 'tok-free'),
      nfcCardSchema.parse({
        token: 'tok-ua',
        display_id: '100005',
        status: 'assigned',
        user_id: 'u-x',
        user_type: 'USER'
      })
    ])
    const card = only([['bo@example.com', 'Bo Li', '04A23B99', '', '']], { cards: withUa }).card
    expect(card).toMatchObject({ kind: 'import', nfcId: '04A23B99' })
    expect(card.kind === 'import' && card.unsure).toMatch(
      /1 card shows no NFC ID \(UA cards\) and could not be compared/
    )
  })

  it('"enroll" in any case is enrolled now; an empty cell follows the option', () => {
    expect(only([['bo@example.com', '', 'ENROLL', '', '']]).card).toEqual({ kind: 'enroll' })
    expect(only([['bo@example.com', '', 'Enroll', '', '']]).card).toEqual({ kind: 'enroll' })
    expect(only([['bo@example.com', '', '', '', '']]).card).toEqual({ kind: 'none' })
    expect(only([['bo@example.com', '', '', '', '']], { options: { cards: 'enroll' } }).card).toEqual({
      kind: 'enroll'
    })
    // A cell says more than the option.
    expect(only([['bo@example.com', '', '04A23B99', '', '']], { options: { cards: 'enroll' } }).card.kind).toBe(
      'import'
    )
  })

  it('anything else in the card cell: bad-card-cell, not overridable, with the reason', () => {
    const row = only([['bo@example.com', '', 'card 7', '', '']], {
      decisions: [{ rowId: null, kind: 'bad-card-cell', decision: 'go-ahead' }]
    })
    expect(row.card).toEqual({ kind: 'none' })
    expect(row.conflicts).toMatchObject([
      {
        kind: 'bad-card-cell',
        step: 'card',
        message:
          'The card cell “card 7” is neither an NFC ID nor “enroll”: write the card’s NFC ID in hex, or “enroll”.',
        overridable: false,
        decision: 'skip'
      }
    ])
  })

  it('a card that belongs to someone else: card-owned, overridable, naming the holder and whether a user or a visitor', () => {
    const row = only([['cy@example.com', '', '04A23B1D', '', '']])
    expect(row.conflicts).toMatchObject([
      {
        kind: 'card-owned',
        step: 'card',
        message:
          'Card 77740829 belongs to Bo Li (user). Skipped unless you choose to take it from them and give it to Cy Ro.',
        skipped: 'Card 77740829 belongs to Bo Li (user): skipped, the card stays with them.',
        holder: { name: 'Bo Li', type: 'user' },
        overridable: true,
        decision: 'skip'
      }
    ])
    expect(plannedSteps(row).card).toBe(false)
    const going = only([['cy@example.com', '', '04A23B1D', '', '']], {
      decisions: [{ rowId: 'r2', kind: 'card-owned', decision: 'go-ahead' }]
    })
    expect(plannedSteps(going).card).toBe(true)
  })

  it('a card held by a visitor, or by someone the people lists lack: the row says who, from the card record', () => {
    const held = (userId: string, userType: 'USER' | 'VISITOR' | '', owner: Record<string, string> | null) =>
      new ConsoleCards([nfcCardSchema.parse({ ...consoleCard('04A23B1C', 'tok-h', userId, userType), user: owner })])
    const ownedBy = (cardsHeld: ConsoleCards) =>
      only([['cy@example.com', '', '04A23B1C', '', '']], { cards: cardsHeld })
    // A visitor the console lists.
    const byVic = ownedBy(held('v-vic', 'VISITOR', null)).conflicts[0]!
    expect(byVic.holder).toEqual({ name: 'Vic Tor', type: 'visitor' })
    expect(byVic.message).toBe(
      'Card 77740828 belongs to Vic Tor (visitor). Skipped unless you choose to take it from them and give it to Cy Ro.'
    )
    // Not in the lists read: the card record names them.
    const byGus = ownedBy(held('v-gone', 'VISITOR', { first_name: 'Gus', last_name: 'Guest' })).conflicts[0]!
    expect(byGus.holder).toEqual({ name: 'Gus Guest', type: 'visitor' })
    // Named nowhere: the kind and id, so they can be found on Cards.
    const nobody = ownedBy(held('u-gone', 'USER', null)).conflicts[0]!
    expect(nobody.holder).toBeUndefined()
    expect(nobody.message).toBe(
      'Card 77740828 belongs to a user the console does not name (id u-gone). Skipped unless you choose to take it from them and give it to Cy Ro.'
    )
  })

  it("a card the console gives to a visitor whose id happens to be this user's is not theirs", () => {
    const odd = new ConsoleCards([consoleCard('04A23B1C', 'tok-v', 'u-cy', 'VISITOR')])
    expect(kinds(only([['cy@example.com', '', '04A23B1C', '', '']], { cards: odd }))).toEqual(['card-owned'])
    const theirs = new ConsoleCards([consoleCard('04A23B1C', 'tok-v', 'u-cy', 'USER')])
    expect(kinds(only([['cy@example.com', '', '04A23B1C', '', '']], { cards: theirs }))).toEqual([])
  })

  it('the person already holds a card: has-card (a second card is added if you go ahead)', () => {
    const row = only([['ada@example.com', '', '04A23B1C', '', '']])
    expect(row.conflicts).toMatchObject([
      {
        kind: 'has-card',
        step: 'card',
        message: 'Ada Ng already holds card 000123. Skipped unless you choose to add this card as well.',
        skipped: 'Ada Ng already holds card 000123: skipped, no other card was added.',
        overridable: true,
        decision: 'skip'
      }
    ])
    // The card they already hold: not owned by someone else, and nothing to do.
    const same = only([['ada@example.com', '', '04A23B1E', '', '']])
    expect(kinds(same)).toEqual(['has-card'])
    expect(same.conflicts[0]!.message).toBe('Ada Ng already holds this card (77740830): there is nothing to do.')
  })

  it('the same NFC ID on two rows: duplicate-card on every row after the first', () => {
    const p = plan([
      ['bo@example.com', '', '04A23B99', '', ''],
      ['cy@example.com', '', '04:A2:3B:99', '', ''],
      ['di@example.com', '', '04a23b99', '', '']
    ])
    expect(p.rows.map(kinds)).toEqual([[], ['duplicate-card'], ['duplicate-card']])
    expect(p.rows[2]!.conflicts[0]).toMatchObject({
      message: 'Card 04A23B99 is also on line 2: a card goes to one person.',
      overridable: false
    })
    expect(p.totals.cardsImport).toBe(1)
  })

  it('a row the user left out does not hold its card against a later row', () => {
    const p = plan(
      [
        ['bo@example.com', '', '04A23B99', '', ''],
        ['cy@example.com', '', '04A23B99', '', ''],
        ['di@example.com', '', '04A23B99', '', '']
      ],
      { resolved: new Map([['r2', null]]) }
    )
    expect(p.rows.map(kinds)).toEqual([[], [], ['duplicate-card']])
    expect(p.rows[2]!.conflicts[0]!.message).toBe('Card 04A23B99 is also on line 3: a card goes to one person.')
  })
})

describe('batch rows', () => {
  const batch = [
    batchRow('b1', '04000001', 'pending'),
    batchRow('b2', '04000002', 'failed'),
    batchRow('b3', '04000003', 'imported', { token: 'tok-b3', displayId: '67108867' }),
    batchRow('b4', '04000004', 'pending'),
    batchRow('b5', '04000005', 'unknown'),
    batchRow('b6', '04000006', 'pending')
  ]
  const options = { cards: 'batch' as const, batchId: 'B' }

  it('go in the batch order to the rows that ask, skipping rows named by a card cell and rows that cannot be used', () => {
    const p = plan(
      [
        ['bo@example.com', '', '', '', ''],
        ['cy@example.com', '', '04000004', '', ''],
        ['di@example.com', '', '', '', ''],
        ['', 'Sam Lee', '', '', ''],
        ['', 'Nobody', '', '', ''],
        ['vic@example.com', '', '', '', ''],
        ['sam1@example.com', '', '', '', '']
      ],
      // 04000004 is all digits: read as hex once the user says so (digits-card-cell, tested on its own).
      {
        batchRows: batch,
        options,
        resolved: new Map([['r7', null]]),
        decisions: [{ rowId: null, kind: 'digits-card-cell', decision: 'go-ahead' }]
      }
    )
    const cardsOf = p.rows.map((r) => (r.card.kind === 'batch' ? r.card.rowId : r.card.kind))
    // r2 b1; r3 names b4 in its card cell; r4 b3 (b2 failed); r5 (ambiguous) still takes b6 (b5 to
    // check); r6 (no person) finds none left; r7 (left out) asks for none; r8 finds none left.
    expect(cardsOf).toEqual(['b1', 'b4', 'b3', 'b6', 'none', 'none', 'none'])
    expect(p.rows[2]!.card).toEqual({
      kind: 'batch',
      batchId: 'B',
      rowId: 'b3',
      nfcId: '04000003',
      token: 'tok-b3',
      displayId: '67108867'
    })
    expect(p.rows[1]!.card).toEqual({ kind: 'batch', batchId: 'B', rowId: 'b4', nfcId: '04000004' })
    expect(kinds(p.rows[4]!)).toEqual(['batch-row-unusable'])
    expect(p.rows[4]!.conflicts[0]!.message).toBe(
      'The batch has no card left for this row (6 rows; the others are used by earlier rows, named in the file, or failed to import).'
    )
    expect(kinds(p.rows[5]!)).toEqual([])
    expect(kinds(p.rows[6]!)).toEqual(['batch-row-unusable'])
    expect(p.totals.cardsBatch).toBe(3)
  })

  it('without a batch chosen: batch-row-unusable saying so', () => {
    const row = only([['bo@example.com', '', '', '', '']], { options: { cards: 'batch' } })
    expect(row.conflicts).toMatchObject([
      {
        kind: 'batch-row-unusable',
        step: 'card',
        message: 'No import batch is chosen to take cards from.',
        overridable: false,
        decision: 'skip'
      }
    ])
  })

  it('an imported batch row whose card the console gave to someone else: card-owned', () => {
    const taken = new ConsoleCards([consoleCard('04000001', 'tok-b1', 'u-bo', 'USER')])
    const row = only([['cy@example.com', '', '', '', '']], {
      cards: taken,
      batchRows: [batchRow('b1', '04000001', 'imported', { token: 'tok-b1', displayId: '67108865' })],
      options
    })
    expect(kinds(row)).toEqual(['card-owned'])
  })
})

describe('PIN and Touch Pass', () => {
  it('column: yes, y, true, 1, x (any case) say yes; no, empty, 0 say no', () => {
    const cells = ['yes', 'Y', 'TRUE', '1', 'x', 'no', '', '0']
    const p = plan(
      cells.map((c) => ['bo@example.com', '', '', c, c]),
      { options: { pin: 'column', touchPass: 'column' }, assignablePasses: 100 }
    )
    expect(p.rows.map((r) => r.pin)).toEqual([true, true, true, true, true, false, false, false])
    expect(p.rows.map((r) => r.touchPass)).toEqual(p.rows.map((r) => r.pin))
    expect(p.rows.flatMap(kinds).filter((k) => k.startsWith('unclear'))).toEqual([])
    expect(only([['bo@example.com', '', '', 'yes', 'yes']], { options: { pin: 'none' } }).pin).toBe(false)
  })

  it('the PIN column in German, French or Spanish: "ja" gets a PIN, "nein" none, on every row', () => {
    const cells = ['ja', 'Ja', 'JA', 'nein', 'Nein', 'oui', 'OUI', 'non', 'sí', 'Sí', 'si', 'no', 'j', 'o']
    const p = plan(
      cells.map((c) => ['bo@example.com', '', '', c, '']),
      { options: { pin: 'column' } }
    )
    expect(p.rows.map((r) => r.pin)).toEqual([
      ...[true, true, true, false, false],
      ...[true, true, false],
      ...[true, true, true, false],
      ...[true, true]
    ])
    expect(p.rows.flatMap(kinds).filter((k) => k.startsWith('unclear'))).toEqual([])
  })

  it('a word that is neither yes nor no ("vielleicht") is flagged on its row, waits for the user, and the run gives nothing until they say', () => {
    const rows = [
      ['bo@example.com', '', '', 'vielleicht', ''],
      ['cy@example.com', '', '', 'ja', 'peut-être']
    ]
    const options = { pin: 'column', touchPass: 'column' } as const
    const p = plan(rows, { options })
    const [bo, cy] = p.rows
    expect(bo!.conflicts).toMatchObject([
      {
        kind: 'unclear-pin-cell',
        step: 'pin',
        message: expect.stringMatching(
          /^The PIN cell says “vielleicht”, which is neither a yes nor a no \(understood: yes: yes, .*ja.*; no: no, .*nein.*\)\. Say whether this row gets a PIN/
        ),
        skipped: 'The PIN cell says “vielleicht”: no PIN was given, as you chose.',
        overridable: true,
        decision: 'undecided'
      }
    ])
    expect(kinds(cy!)).toEqual(['unclear-pass-cell'])
    expect(rowNeedsYou(bo!)).toBe(true)
    expect(rowNeedsYou(cy!)).toBe(true)
    // Neither given nor skipped while undecided: the totals count the rows that wait, no PIN or pass.
    expect(plannedSteps(bo!)).toEqual({ card: false, pin: false, pass: false })
    expect(p.totals).toMatchObject({ undecided: 2, pins: 1, passes: 0, conflicts: 2 })
    expect(p.rows.map((r) => rowIn(r, 'needs-you'))).toEqual([true, true])

    // The user says: Bo gets a PIN, Cy no pass.
    const decided = plan(rows, {
      options,
      decisions: [
        { rowId: 'r2', kind: 'unclear-pin-cell', decision: 'go-ahead' },
        { rowId: 'r3', kind: 'unclear-pass-cell', decision: 'skip' }
      ]
    })
    expect(decided.rows.map(plannedSteps)).toEqual([
      { card: false, pin: true, pass: false },
      { card: false, pin: true, pass: false }
    ])
    expect(decided.rows.some(rowNeedsYou)).toBe(false)
    expect(decided.totals).toMatchObject({ undecided: 0, pins: 2, passes: 0 })
  })

  it('has-pin is overridable (the new PIN replaces the old); has-pass is not', () => {
    const row = only([['ada@example.com', '', '', '', '']], { options: { pin: 'all', touchPass: 'all' } })
    expect(row.conflicts).toMatchObject([
      {
        kind: 'has-pin',
        step: 'pin',
        message: 'Ada Ng already has a PIN. Skipped unless you choose to replace it with a new one.',
        skipped: 'Ada Ng already has a PIN: skipped, nothing was replaced (their PIN stays).',
        overridable: true,
        decision: 'skip'
      },
      {
        kind: 'has-pass',
        step: 'pass',
        message: 'Ada Ng already has a Touch Pass; a user holds one at most.',
        overridable: false,
        decision: 'skip'
      }
    ])
    expect(plannedSteps(row)).toEqual({ card: false, pin: false, pass: false })
    // Once skipped, the row says so and that nothing was replaced (not what would have happened).
    expect(stepsOf(row)).toMatchObject([
      { step: 'pin', skip: { reason: 'Ada Ng already has a PIN: skipped, nothing was replaced (their PIN stays).' } },
      { step: 'pass', skip: { reason: 'Ada Ng already has a Touch Pass; a user holds one at most.' } }
    ])
  })

  it('a Touch Pass for a visitor: pass-for-visitor, not overridable', () => {
    const row = only([['vic@example.com', '', '', '', '']], {
      options: { touchPass: 'all' },
      decisions: [{ rowId: null, kind: 'pass-for-visitor', decision: 'go-ahead' }]
    })
    expect(row.conflicts).toMatchObject([
      {
        kind: 'pass-for-visitor',
        step: 'pass',
        message: 'Vic Tor is a visitor: Touch Passes go to users only.',
        overridable: false,
        decision: 'skip'
      }
    ])
  })

  it('more passes asked for than assignable: no-pass-left on the rows beyond, in file order, counting only passes that would be given', () => {
    const p = plan(
      [
        ['ada@example.com', '', '', '', 'yes'], // has a pass: takes none
        ['vic@example.com', '', '', '', 'yes'], // a visitor: takes none
        ['bo@example.com', '', '', '', 'yes'],
        ['nobody@example.com', '', '', '', 'yes'], // no person: takes none
        ['cy@example.com', '', '', '', 'yes'],
        ['di@example.com', '', '', '', 'yes']
      ],
      { options: { touchPass: 'column' }, assignablePasses: 2 }
    )
    expect(p.rows.map(kinds)).toEqual([['has-pass'], ['pass-for-visitor'], [], [], [], ['no-pass-left']])
    expect(p.rows[5]!.conflicts[0]!.message).toBe(
      'No Touch Pass is left for Di Sa: the console has 2 to assign and earlier rows take them. Buy more on Touch Passes.'
    )
    expect(p.totals).toMatchObject({ passes: 2, passesAvailable: 2 })
  })
})

describe('the same person twice', () => {
  it('duplicate-person on the later rows: the whole row is left out', () => {
    const p = plan(
      [
        ['bo@example.com', '', '', '', ''],
        ['cy@example.com', '', '', '', ''],
        ['BO@example.com', '', '04A23B99', '', '']
      ],
      { options: { pin: 'all' }, decisions: [{ rowId: null, kind: 'duplicate-person', decision: 'go-ahead' }] }
    )
    expect(p.rows.map(kinds)).toEqual([[], [], ['duplicate-person']])
    expect(p.rows[2]!.conflicts[0]).toMatchObject({
      kind: 'duplicate-person',
      step: 'row',
      message: 'Bo Li is also on line 2: this row is left out.',
      overridable: false,
      decision: 'skip'
    })
    expect(plannedSteps(p.rows[2]!)).toEqual({ card: false, pin: false, pass: false })
    expect(p.totals).toMatchObject({ ready: 2, pins: 2, cardsImport: 0 })
  })
})

describe('decisions', () => {
  const rows = [
    ['ada@example.com', '', '', '', ''],
    ['ada@example.com', '', '', '', ''] // (duplicate-person, irrelevant to PIN decisions below)
  ]
  const twoPins = (decisions: PlanInput['decisions']) => {
    // Two people who both have a PIN.
    const idx = new PeopleIndex(
      [
        user('a', { first_name: 'A', last_name: 'A', user_email: 'a@x.io', pin_code: { token: 'h' } }),
        user('b', { first_name: 'B', last_name: 'B', user_email: 'b@x.io', pin_code: { token: 'h' } })
      ],
      []
    )
    return plan(
      [
        ['a@x.io', '', '', '', ''],
        ['b@x.io', '', '', '', '']
      ],
      { people: idx, options: { pin: 'all' }, decisions }
    ).rows.map((r) => r.conflicts[0]!.decision)
  }

  it('default skip; rowId null applies to every row; a row decision applies to its row only', () => {
    expect(twoPins([])).toEqual(['skip', 'skip'])
    expect(twoPins([{ rowId: null, kind: 'has-pin', decision: 'go-ahead' }])).toEqual(['go-ahead', 'go-ahead'])
    expect(twoPins([{ rowId: 'r3', kind: 'has-pin', decision: 'go-ahead' }])).toEqual(['skip', 'go-ahead'])
    // Another kind's decision changes nothing.
    expect(twoPins([{ rowId: null, kind: 'has-card', decision: 'go-ahead' }])).toEqual(['skip', 'skip'])
  })

  it('a later decision wins over an earlier one, for all rows or one', () => {
    expect(
      twoPins([
        { rowId: null, kind: 'has-pin', decision: 'go-ahead' },
        { rowId: 'r2', kind: 'has-pin', decision: 'skip' }
      ])
    ).toEqual(['skip', 'go-ahead'])
    expect(
      twoPins([
        { rowId: 'r2', kind: 'has-pin', decision: 'skip' },
        { rowId: null, kind: 'has-pin', decision: 'go-ahead' }
      ])
    ).toEqual(['go-ahead', 'go-ahead'])
    expect(
      twoPins([
        { rowId: 'r2', kind: 'has-pin', decision: 'go-ahead' },
        { rowId: 'r2', kind: 'has-pin', decision: 'skip' }
      ])
    ).toEqual(['skip', 'skip'])
  })

  it('a go-ahead turns the step on in the totals', () => {
    const p = plan(rows.slice(0, 1), {
      options: { pin: 'all' },
      decisions: [{ rowId: 'r2', kind: 'has-pin', decision: 'go-ahead' }]
    })
    expect(p.totals).toMatchObject({ pins: 1, ready: 1, conflicts: 1 })
  })
})

describe('totals', () => {
  it('count rows by state and the steps that will run', () => {
    const p = plan(
      [
        ['bo@example.com', '', '04A23B1C', 'yes', 'yes'], // existing card, PIN, pass
        ['cy@example.com', '', 'enroll', '', ''], // enroll
        ['di@example.com', '', '04A23B99', 'yes', ''], // import, PIN
        ['', 'Sam Lee', '04A23B98', 'yes', 'yes'], // ambiguous: nothing runs
        ['nobody@example.com', '', '', 'yes', ''], // missing
        ['ada@example.com', '', '', 'yes', 'yes'] // has-pin, has-pass: nothing runs
      ],
      { options: { pin: 'column', touchPass: 'column' }, assignablePasses: 5 }
    )
    expect(p.totals).toEqual({
      rows: 6,
      matched: 4,
      ambiguous: 1,
      missing: 1,
      skipped: 0,
      cardsExisting: 1,
      cardsImport: 1,
      cardsBatch: 0,
      cardsEnroll: 1,
      pins: 2,
      passes: 1,
      passesAvailable: 5,
      conflicts: 2,
      undecided: 0,
      ready: 3
    })
  })

  it('plans 1,000 rows against 7,000 people: imports, enrollments, PINs and the passes there are (speed: bench/roster)', () => {
    const users = Array.from({ length: 2000 }, (_, i) =>
      user(`u${i}`, { first_name: `F${i}`, last_name: 'L', user_email: `p${i}@x.io` })
    )
    const visitors = Array.from({ length: 5000 }, (_, i) =>
      visitor(`v${i}`, { first_name: `G${i}`, last_name: 'V', email: `g${i}@x.io` })
    )
    const idx = new PeopleIndex(users, visitors)
    const rows = Array.from({ length: 1000 }, (_, i) => [
      `p${i}@x.io`,
      `F${i} L`,
      i % 3 === 0 ? '' : (0x04000000 + i).toString(16).toUpperCase().padStart(8, '0'),
      'yes',
      'yes'
    ])
    const p = plan(rows, {
      people: idx,
      options: { pin: 'column', touchPass: 'column', cards: 'enroll' },
      assignablePasses: 500,
      // Many of these NFC IDs are all digits: read as hex, as the user said for every such row.
      decisions: [{ rowId: null, kind: 'digits-card-cell', decision: 'go-ahead' }]
    })
    expect(p.totals).toMatchObject({
      rows: 1000,
      matched: 1000,
      ready: 1000,
      pins: 1000,
      passes: 500,
      cardsImport: 666,
      cardsEnroll: 334
    })
  })
})
