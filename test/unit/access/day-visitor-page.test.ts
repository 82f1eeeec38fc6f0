import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { dayVisitorSchema } from '../../../src/shared/access/visitors'
import { readDayVisitorPage } from '../../../src/main/services/access/day-visitor-page'
import { listOf } from '../../../src/main/services/access/list-answer'
import { DataIssue } from '../../../src/main/services/access/data-reader'

/** The rules the plain reader must keep: exactly what zod makes of a page of the day's visitors. */
const zodPage = listOf(dayVisitorSchema)

/** What a reader makes of a page: the visitors, or the refusal (its path and message). */
function outcome(read: (data: unknown) => unknown, page: unknown) {
  try {
    return { visitors: read(page) }
  } catch (err) {
    if (!(err instanceof DataIssue)) throw err
    return { refused: { path: err.path, message: err.message } }
  }
}

/** Values a console could send in a field: right types, wrong types, absent. */
const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 4 }),
  fc.constantFrom('', 'ACTIVE', 'UPCOMING', 'VISITED', 'CANCELLED', 'CANCELED', 'active', 'door', 'door_group'),
  fc.integer(),
  fc.constantFrom(0, 1, 2, 5, 6, 1.5, -3, 2 ** 60),
  fc.boolean(),
  fc.constant([]),
  fc.constant({})
)
/** Mostly well-formed values (so the plain path is taken), any of them possibly wrong or absent. */
const mostly = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: anyValue as fc.Arbitrary<unknown>, weight: 1 })
const card = mostly(
  fc.record(
    {
      id: mostly(fc.string({ maxLength: 4 })),
      token: mostly(fc.string({ maxLength: 4 })),
      type: mostly(fc.constant('ua_card')),
      extra: anyValue
    },
    { requiredKeys: ['id', 'token', 'type'], noNullPrototype: true }
  )
)
const resource = mostly(
  fc.record(
    {
      id: mostly(fc.string({ maxLength: 4 })),
      name: mostly(fc.string({ maxLength: 4 })),
      type: mostly(fc.constantFrom('door', 'door_group')),
      extra: anyValue
    },
    { requiredKeys: ['id', 'name', 'type'], noNullPrototype: true }
  )
)
const visitor = fc.record(
  {
    id: mostly(fc.string({ minLength: 1, maxLength: 4 })),
    first_name: mostly(fc.string({ maxLength: 4 })),
    last_name: mostly(fc.string({ maxLength: 4 })),
    status: mostly(fc.constantFrom('ACTIVE', 'UPCOMING', 'VISITING', 'VISITED', 'CANCELLED', 'NO_VISIT')),
    inviter_name: mostly(fc.string({ maxLength: 4 })),
    visitor_company: mostly(fc.string({ maxLength: 4 })),
    start_time: mostly(fc.integer({ min: 1_700_000_000, max: 1_900_000_000 })),
    end_time: mostly(fc.integer({ min: 1_700_000_000, max: 1_900_000_000 })),
    nfc_cards: mostly(fc.array(card, { maxLength: 2 })),
    pin_code: mostly(
      fc.oneof(
        fc.constant(null),
        fc.record(
          { token: mostly(fc.string({ maxLength: 4 })), extra: anyValue },
          { requiredKeys: ['token'], noNullPrototype: true }
        )
      )
    ),
    resources: mostly(fc.array(resource, { maxLength: 2 })),
    schedule: anyValue,
    // Fields the day's list does not read, possibly of a wrong type: never a refusal.
    email: anyValue,
    license_plates: anyValue
  },
  { requiredKeys: ['id', 'first_name', 'last_name', 'nfc_cards', 'pin_code', 'resources'], noNullPrototype: true }
)

describe('the day visitor page reader', () => {
  it('accepts and refuses the same pages as dayVisitorSchema, builds the same visitors and says the same refusal', () => {
    fc.assert(
      fc.property(fc.oneof({ arbitrary: fc.array(visitor, { maxLength: 4 }), weight: 8 }, anyValue), (page) => {
        expect(outcome(readDayVisitorPage, page)).toStrictEqual(outcome((d) => zodPage.read(d), page))
      }),
      { numRuns: 2000 }
    )
  })

  it('reads a visitor as consoles send it, dropping what the day does not use', () => {
    const sent = {
      id: 'v1',
      first_name: 'Kofi',
      last_name: 'Fischer',
      status: 'ACTIVE',
      inviter_id: 'u1',
      inviter_name: 'Ada Ng',
      email: 'kofi@example.org',
      visitor_company: 'Acme',
      visit_reason: 'Interview',
      start_time: 1795939200,
      end_time: 1795975199,
      nfc_cards: [{ id: '100004', token: 'aa11', type: 'ua_card' }],
      pin_code: { token: 'bb22' },
      schedule_id: 's1',
      schedule: { id: 's1', weekly: null },
      resources: [{ id: 'g1', name: 'Lobby', type: 'door_group' }],
      license_plates: []
    }
    const [read] = readDayVisitorPage([sent])
    expect(read).toStrictEqual({
      id: 'v1',
      first_name: 'Kofi',
      last_name: 'Fischer',
      status: 'ACTIVE',
      inviter_name: 'Ada Ng',
      visitor_company: 'Acme',
      start_time: 1795939200,
      end_time: 1795975199,
      nfc_cards: [{ id: '100004', token: 'aa11', type: 'ua_card' }],
      pin_code: { token: 'bb22' },
      resources: [{ id: 'g1', name: 'Lobby', type: 'door_group' }],
      schedule: { id: 's1', weekly: null }
    })
    // The keys in dayVisitorSchema's order: the visitors of a console share one shape.
    expect(Object.keys(read!)).toEqual(Object.keys(dayVisitorSchema.parse(sent)))
    // Read by the plain path: a card and a door as sent are kept, not copied.
    expect(read!.nfc_cards[0]).toBe(sent.nfc_cards[0])
    expect(read!.resources[0]).toBe(sent.resources[0])
  })

  it('refuses the first bad visitor, naming its index and field; no page is no visitors', () => {
    const good = { id: 'v1', first_name: 'A', last_name: 'B', start_time: 1, end_time: 2 }
    let issue: unknown
    try {
      readDayVisitorPage([good, { ...good, id: 'v2', start_time: 'nine' }])
    } catch (err) {
      issue = err
    }
    expect(issue).toBeInstanceOf(DataIssue)
    expect((issue as DataIssue).path).toEqual([1, 'start_time'])
    expect(readDayVisitorPage(null)).toEqual([])
    expect(readDayVisitorPage(undefined)).toEqual([])
  })
})
