import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { ConsoleCards } from '../../../src/main/services/batches/console-cards'
import { PeopleIndex } from '../../../src/main/services/roster/person-match'
import { planRoster, plannedSteps } from '../../../src/main/services/roster/roster-plan'
import { nfcCardSchema } from '../../../src/shared/access/nfc-cards'
import type { BatchRow } from '../../../src/shared/batches/schemas'
import { consoleCardNumber } from '../../../src/shared/nfc/card-number'
import { conflictKinds, rosterOptionsSchema } from '../../../src/shared/roster/sheet'
import { touchPass, user, visitor } from './people'

/** A small pool, so rows collide: the same people, the same cards, in several spellings. */
const NFC = ['04A23B10', '04A23B11', '04A23B12', '04A23B13', '04A23B14', '04A23B15']
const spell = (hex: string, how: number) =>
  how === 0 ? hex : how === 1 ? hex.toLowerCase() : how === 2 ? hex.match(/../g)!.join(':') : `0x${hex}`

const users = Array.from({ length: 6 }, (_, i) =>
  user(`u${i}`, {
    first_name: `P${i % 4}`,
    last_name: 'Q',
    user_email: `p${i}@x.io`,
    nfc_cards: i % 3 === 0 ? [{ id: `00${i}`, token: `held-${i}`, type: 'ua_card' }] : [],
    pin_code: i % 2 === 0 ? { token: 'h' } : null,
    touch_pass: i === 1 ? touchPass('tp') : null
  })
)
const visitors = [visitor('v0', { first_name: 'V', last_name: 'W', email: 'v0@x.io' })]
const people = new PeopleIndex(users, visitors)
const cards = new ConsoleCards(
  NFC.slice(0, 3).map((hex, i) =>
    nfcCardSchema.parse({
      token: `c${i}`,
      display_id: consoleCardNumber(hex),
      status: 'assigned',
      user_id: i === 0 ? 'u5' : ''
    })
  )
)

const emailArb = fc.constantFrom(
  'p0@x.io',
  'p1@x.io',
  'p2@x.io',
  'p3@x.io',
  'p4@x.io',
  'p5@x.io',
  'v0@x.io',
  'nobody@x.io',
  ''
)
const nameArb = fc.constantFrom('P0 Q', 'P1 Q', 'Q, P2', 'V W', 'Nobody', '')
const cardArb = fc.oneof(
  fc
    .record({ nfc: fc.constantFrom(...NFC), how: fc.integer({ min: 0, max: 3 }) })
    .map(({ nfc, how }) => spell(nfc, how)),
  fc.constantFrom('', '', 'enroll', 'ENROLL', 'junk', '04A2')
)
const yesArb = fc.constantFrom('yes', '', 'no', 'x')
const rowArb = fc.tuple(emailArb, nameArb, cardArb, yesArb, yesArb)
const statusArb = fc.constantFrom<BatchRow['status']>('pending', 'imported', 'failed', 'unknown', 'sending')
const batchArb = fc.array(fc.record({ nfc: fc.constantFrom(...NFC), status: statusArb }), { maxLength: 8 })
const decisionArb = fc.record({
  rowId: fc.option(
    fc.integer({ min: 2, max: 20 }).map((n) => `r${n}`),
    { nil: null }
  ),
  kind: fc.constantFrom(...conflictKinds),
  decision: fc.constantFrom('skip' as const, 'go-ahead' as const)
})

describe('plan properties', () => {
  it('never gives one NFC ID to two rows, never a pass beyond those assignable, and its totals add up', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 20 }),
        batchArb,
        fc.constantFrom('none', 'enroll', 'batch'),
        fc.integer({ min: 0, max: 4 }),
        fc.array(decisionArb, { maxLength: 6 }),
        (rows, batch, cardOption, passes, decisions) => {
          const batchRows: BatchRow[] = batch.map((b, i) => ({
            id: `b${i}`,
            nfcId: b.nfc,
            alias: '',
            addedAt: '',
            source: 'scan',
            status: b.status,
            ...(b.status === 'imported' ? { token: `bt${i}` } : {})
          }))
          const { rows: plan, totals } = planRoster({
            rows: rows.map((r) => [...r]),
            mapping: { email: 0, fullName: 1, card: 2, pin: 3, touchPass: 4 },
            options: rosterOptionsSchema.parse({ cards: cardOption, batchId: 'B', pin: 'column', touchPass: 'column' }),
            people,
            resolved: new Map(),
            cards,
            batchRows,
            assignablePasses: passes,
            decisions
          })
          const given = new Map<string, string>()
          const batchUsed = new Set<string>()
          let passesGiven = 0
          for (const row of plan) {
            const steps = plannedSteps(row)
            const card = row.card
            if (card.kind === 'batch' && !row.conflicts.some((c) => c.kind === 'duplicate-card')) {
              // A batch row goes to one roster row at most (a card cell repeating it is a duplicate),
              // and only a usable one.
              expect(batchUsed.has(card.rowId)).toBe(false)
              batchUsed.add(card.rowId)
              const b = batchRows.find((x) => x.id === card.rowId)!
              expect(['pending', 'imported']).toContain(b.status)
            }
            if (steps.card && row.match.state === 'matched' && 'nfcId' in row.card) {
              // Two rows that will both be given the same card: only with a duplicate-card conflict.
              expect(given.has(row.card.nfcId), `${row.rowId} and ${given.get(row.card.nfcId)}`).toBe(false)
              given.set(row.card.nfcId, row.rowId)
            }
            if (steps.pass && row.match.state === 'matched') passesGiven++
            // What cannot be overridden is always skipped.
            for (const c of row.conflicts) if (!c.overridable) expect(c.decision).toBe('skip')
          }
          expect(passesGiven).toBeLessThanOrEqual(passes)
          expect(totals.passes).toBe(passesGiven)
          expect(totals.matched + totals.ambiguous + totals.missing + totals.skipped).toBe(rows.length)
          expect(totals.ready).toBeLessThanOrEqual(totals.matched)
          expect(
            totals.cardsExisting + totals.cardsImport + totals.cardsBatch + totals.cardsEnroll
          ).toBeLessThanOrEqual(totals.ready)
          expect(totals.conflicts).toBe(plan.reduce((n, r) => n + r.conflicts.length, 0))
        }
      ),
      { numRuns: 300 }
    )
  })
})
