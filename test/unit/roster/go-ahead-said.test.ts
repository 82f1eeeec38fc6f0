import { describe, expect, it } from 'vitest'
import { ConsoleCards } from '../../../src/main/services/batches/console-cards'
import { PeopleIndex } from '../../../src/main/services/roster/person-match'
import { planRoster, type ConflictDecision } from '../../../src/main/services/roster/roster-plan'
import { sayReasonIn } from '../../../src/main/services/roster/roster-said-words'
import { nfcCardSchema } from '../../../src/shared/access/nfc-cards'
import { consoleCardNumber } from '../../../src/shared/nfc/card-number'
import { conflictKinds, rosterOptionsSchema } from '../../../src/shared/roster/sheet'
import { user } from './people'

/**
 * A row's conflict sentence follows the choice made on it: once "Do it anyway" is pressed, the words
 * above it no longer say the step is skipped. Every kind a row can go ahead with is held here, in
 * every language the desk speaks.
 */
describe('an overridable conflict, gone ahead with, says what was chosen', () => {
  const people = new PeopleIndex(
    [
      user('ada', { first_name: 'Ada', last_name: 'Ng', user_email: 'ada@x.io' }),
      // Holds a card and a PIN already.
      user('ben', {
        first_name: 'Ben',
        last_name: 'Ng',
        user_email: 'ben@x.io',
        nfc_cards: [{ id: '100009', token: 'held', type: 'ua_card' }],
        pin_code: { token: 'p' }
      }),
      user('cy', { first_name: 'Cy', last_name: 'Ng', user_email: 'cy@x.io' })
    ],
    []
  )
  // Card 04A23B1C is Ada's on the console.
  const cards = new ConsoleCards([
    nfcCardSchema.parse({
      token: 'ada-card',
      display_id: consoleCardNumber('04A23B1C'),
      status: 'assigned',
      user_id: 'ada'
    })
  ])
  const rows = [
    ['ben@x.io', '04C1C2C3', 'yes'], // has-card, has-pin
    ['cy@x.io', '04A23B1C', 'maybe'], // card-owned, unclear-pin-cell
    ['ada@x.io', '12345678', 'no'] // digits-card-cell
  ]
  const plan = (decision: 'skip' | 'go-ahead') =>
    planRoster({
      rows,
      mapping: { email: 0, card: 1, pin: 2 },
      people,
      resolved: new Map(),
      cards,
      batchRows: [],
      assignablePasses: 0,
      decisions: conflictKinds.map((kind): ConflictDecision => ({ rowId: null, kind, decision })),
      options: rosterOptionsSchema.parse({ pin: 'column' })
    })

  const overridable = (decision: 'skip' | 'go-ahead') =>
    plan(decision).rows.flatMap((r) => r.conflicts.filter((c) => c.overridable))

  it('covers every kind a row can go ahead with', () => {
    expect(new Set(overridable('go-ahead').map((c) => c.kind))).toEqual(
      new Set(['has-card', 'has-pin', 'card-owned', 'unclear-pin-cell', 'digits-card-cell'])
    )
  })

  it.each(['en', 'de', 'fr', 'es'] as const)('%s: skipped says skipped; gone ahead never does', (language) => {
    const say = sayReasonIn(language)
    const skipUnless = {
      en: /Skipped unless/,
      de: /Ausgelassen, außer/,
      fr: /Ignorée?, sauf si/,
      es: /Se omite, salvo que/
    }[language]
    const skipped = overridable('skip').filter((c) => !c.kind.startsWith('unclear'))
    for (const c of skipped) expect(say({ said: c.said }), c.kind).toMatch(skipUnless)
    for (const c of overridable('go-ahead')) {
      expect(c.decision).toBe('go-ahead')
      expect(say({ said: c.said }), c.kind).not.toMatch(skipUnless)
    }
  })

  it('the digits cell gone ahead with says the reading used: hex', () => {
    const digits = overridable('go-ahead').find((c) => c.kind === 'digits-card-cell')!
    expect(digits.message).toMatch(/read as hex, as you chose, it is a new card 12345678/)
  })
})
