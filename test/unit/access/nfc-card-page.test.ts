import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { z } from 'zod'
import { nfcCardSchema } from '../../../src/shared/access/nfc-cards'
import { readCardPage } from '../../../src/main/services/access/nfc-card-page'
import { DataIssue } from '../../../src/main/services/access/data-reader'

/** The rules the fast reader must keep: exactly what zod makes of a page. */
const zodPage = z.array(nfcCardSchema).nullish()

/** Values a console could send in a field: right types, wrong types, absent. */
const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('', 'assigned', 'pending', 'disable', 'deleted', 'loss', 'USER', 'VISITOR', 'lost', 'user'),
  fc.constantFrom('lost', 'user', 'Assigned', 'visitor'),
  fc.integer(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({})
)
const owner = fc.oneof(
  anyValue,
  fc.record(
    {
      id: anyValue,
      first_name: anyValue,
      last_name: anyValue,
      name: anyValue,
      avatar: anyValue,
      extra: anyValue
    },
    { requiredKeys: [] }
  )
)
/** Mostly well-formed cards (so both paths are exercised), with any field possibly wrong or absent. */
const mostly = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: anyValue as fc.Arbitrary<unknown>, weight: 1 })
const card = fc.record(
  {
    token: mostly(fc.string({ minLength: 1, maxLength: 8 })),
    display_id: mostly(fc.string({ maxLength: 6 })),
    status: mostly(fc.constantFrom('assigned', 'pending', 'disable', 'deleted', 'loss')),
    alias: mostly(fc.string({ maxLength: 6 })),
    card_type: mostly(fc.constant('ua_card')),
    note: mostly(fc.string({ maxLength: 6 })),
    user_id: mostly(fc.string({ maxLength: 6 })),
    user_type: mostly(fc.constantFrom('USER', 'VISITOR', '')),
    user: owner,
    unknown_field: anyValue
  },
  { requiredKeys: ['token', 'display_id', 'status'] }
)

/** undefined-valued keys dropped: JSON (what crosses to the renderer) does not tell them apart. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as unknown

describe('the NFC card page reader', () => {
  it('accepts and refuses the same pages as nfcCardSchema, and builds the same cards', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(card, { maxLength: 4 }), anyValue), (page) => {
        const expected = zodPage.safeParse(page)
        let actual: unknown
        let issue: DataIssue | undefined
        try {
          actual = readCardPage(page)
        } catch (err) {
          if (!(err instanceof DataIssue)) throw err
          issue = err
        }
        expect(issue === undefined).toBe(expected.success)
        if (expected.success) expect(asJson(actual)).toEqual(asJson(expected.data ?? []))
        // The same card and field are named as zod's first issue.
        else expect(issue!.path).toEqual(expected.error.issues[0]!.path.slice(0, issue!.path.length))
      }),
      { numRuns: 3000 }
    )
  })

  it('drops fields the app does not use and fills the defaults', () => {
    const [read] = readCardPage([
      { token: 't1', display_id: '0042', status: 'pending', secret_field: 'x', user: { name: 'Ada', extra: 1 } }
    ])
    expect(read).toEqual({
      token: 't1',
      display_id: '0042',
      status: 'pending',
      alias: '',
      card_type: '',
      note: undefined,
      user_id: '',
      user_type: '',
      user: { name: 'Ada' }
    })
    expect(Object.keys(read!)).not.toContain('secret_field')

    // Every field present and right, as consoles send cards, plus fields of a newer console.
    const whole = {
      token: 't2',
      display_id: '0043',
      status: 'assigned',
      alias: 'Desk',
      card_type: 'ua_card',
      note: '0043',
      user_id: 'u1',
      user_type: 'USER',
      user: { id: 'u1', first_name: 'Ada', last_name: 'Ng', name: 'Ada Ng', avatar: '' }
    }
    const [plain, newer, ownerNewer] = readCardPage([
      whole,
      { ...whole, nfc_id: '04A2' },
      { ...whole, user: { ...whole.user, email: 'ada@example.com' } }
    ])
    expect(plain).toEqual(whole)
    expect(newer).toEqual(whole)
    expect(Object.keys(newer!)).not.toContain('nfc_id')
    expect(ownerNewer).toEqual(whole)
    expect(Object.keys(ownerNewer!.user!)).not.toContain('email')
  })

  it('refuses the first bad card, naming its index and field, and reads no page as no cards', () => {
    let issue: unknown
    try {
      readCardPage([
        { token: 't1', display_id: '1', status: 'pending' },
        { token: 't2', display_id: '2', status: 'stolen' }
      ])
    } catch (err) {
      issue = err
    }
    expect(issue).toBeInstanceOf(DataIssue)
    expect((issue as DataIssue).path).toEqual([1, 'status'])
    expect((issue as DataIssue).message).toBe('expected one of assigned, pending, disable, deleted, loss')
    expect(readCardPage(null)).toEqual([])
    expect(readCardPage(undefined)).toEqual([])
  })
})
