import { describe, expect, it } from 'vitest'
import { PeopleIndex, rowName } from '../../../src/main/services/roster/person-match'
import type { PersonMatch } from '../../../src/shared/roster/sheet'
import { touchPass, user, visitor } from './people'

const ada = user('u-ada', {
  first_name: 'Ada',
  last_name: 'Ng',
  user_email: 'Ada.Ng@Example.com',
  employee_number: '42',
  nfc_cards: [{ id: '000123', token: 'tok-123', type: 'ua_card' }],
  pin_code: { token: 'pin-hash' },
  touch_pass: touchPass('tp1')
})
const bo = user('u-bo', { first_name: 'Bo', last_name: 'Li', email: 'bo@example.com', employee_number: '43' })
const zoe = user('u-zoe', {
  full_name: 'Zoë Çelik',
  first_name: 'Zoe',
  last_name: 'Celik',
  user_email: 'zoe@example.com'
})
const ada2 = user('u-ada2', {
  first_name: 'ADA',
  last_name: 'ng',
  user_email: 'ada.second@example.com',
  employee_number: '77'
})
const gone = user('u-gone', {
  first_name: 'Old',
  last_name: 'Timer',
  user_email: 'old@example.com',
  status: 'DEACTIVATED'
})
const vic = visitor('v-vic', {
  first_name: 'Vic',
  last_name: 'Tor',
  email: 'vic@example.com',
  pin_code: { token: 'p' }
})
const cancelled = visitor('v-can', {
  first_name: 'Cat',
  last_name: 'Cancel',
  email: 'cat@example.com',
  status: 'CANCELLED'
})
const shared = visitor('v-shared', { first_name: 'Bo', last_name: 'Li', email: 'bo@example.com' })

const people = new PeopleIndex([ada, bo, zoe, ada2, gone], [vic, cancelled, shared])

const ids = (m: PersonMatch) => (m.state === 'ambiguous' ? m.candidates.map((c) => c.id) : [])

describe('matching by the strongest key', () => {
  it('email: any case, exact', () => {
    expect(people.match({ email: ' ada.ng@EXAMPLE.com ' })).toEqual({
      state: 'matched',
      by: 'email',
      person: { type: 'user', id: 'u-ada', name: 'Ada Ng', email: 'Ada.Ng@Example.com', employeeNumber: '42' }
    })
    expect(people.match({ email: 'vic@example.com' })).toMatchObject({
      state: 'matched',
      by: 'email',
      person: { type: 'visitor', id: 'v-vic' }
    })
    expect(people.match({ email: 'ada.ng@example' }).state).toBe('missing')
  })

  it('employee number: exact after trim, users only', () => {
    expect(people.match({ employeeNumber: ' 43 ' })).toMatchObject({
      state: 'matched',
      by: 'employeeNumber',
      person: { id: 'u-bo' }
    })
    expect(people.match({ employeeNumber: '430' })).toMatchObject({
      state: 'missing',
      reason: 'No user has the employee number 430.'
    })
  })

  it('name: case, accents and spaces ignored; "Last, First" and first + last columns accepted', () => {
    expect(people.match({ fullName: ' zoe   CELIK ' })).toMatchObject({
      state: 'matched',
      by: 'name',
      person: { id: 'u-zoe' }
    })
    expect(people.match({ fullName: 'Çelik,  Zoë' })).toMatchObject({
      state: 'matched',
      by: 'name',
      person: { id: 'u-zoe' }
    })
    expect(people.match({ firstName: 'Vic', lastName: ' TOR ' })).toMatchObject({
      state: 'matched',
      by: 'name',
      person: { id: 'v-vic' }
    })
    expect(rowName({ fullName: 'Ng, Ada', firstName: 'X' })).toBe('Ada Ng')
    expect(rowName({ firstName: 'Ada', lastName: '' })).toBe('Ada')
    expect(rowName({})).toBeUndefined()
  })

  it('the stronger key decides when the weaker one agrees or names nobody', () => {
    expect(people.match({ email: 'ada.ng@example.com', employeeNumber: '42', fullName: 'Ada Ng' })).toMatchObject({
      state: 'matched',
      by: 'email'
    })
    // The console has no employee number "999": that is not someone else.
    expect(people.match({ email: 'ada.ng@example.com', employeeNumber: '999' })).toMatchObject({
      state: 'matched',
      by: 'email',
      person: { id: 'u-ada' }
    })
  })

  it('a row that names nobody at all is missing', () => {
    expect(people.match({ email: '  ', fullName: '' })).toMatchObject({
      state: 'missing',
      reason: 'This row gives no email, employee number or name.'
    })
  })
})

describe('never guessed', () => {
  it('several people for the key: ambiguous, with the candidates and how many', () => {
    const m = people.match({ fullName: 'Ada Ng' })
    expect(m).toMatchObject({
      state: 'ambiguous',
      candidates: [expect.objectContaining({ id: 'u-ada' }), expect.objectContaining({ id: 'u-ada2' })],
      reason: '2 people are named Ada Ng.'
    })
    // A user and a visitor share an email: ambiguous too.
    const both = people.match({ email: 'bo@example.com' })
    expect(ids(both)).toEqual(['u-bo', 'v-shared'])
    expect(both.state === 'ambiguous' && both.reason).toBe('2 people have the email bo@example.com.')
  })

  it('several people for the key, narrowed to one by a weaker key that agrees: matched', () => {
    expect(people.match({ email: 'bo@example.com', employeeNumber: '43' })).toMatchObject({
      state: 'matched',
      by: 'email',
      person: { id: 'u-bo' }
    })
    expect(people.match({ fullName: 'Ada Ng', employeeNumber: '77' })).toMatchObject({
      state: 'matched',
      by: 'employeeNumber',
      person: { id: 'u-ada2' }
    })
  })

  it('a stronger and a weaker key that name different people: ambiguous with both', () => {
    const m = people.match({ email: 'ada.ng@example.com', employeeNumber: '43' })
    expect(ids(m)).toEqual(['u-ada', 'u-bo'])
    expect(m.state === 'ambiguous' && m.reason).toBe(
      'The email ada.ng@example.com names Ada Ng (Ada.Ng@Example.com), but the employee number 43 names Bo Li (bo@example.com).'
    )
    const byName = people.match({ employeeNumber: '42', fullName: 'Zoë Çelik' })
    expect(ids(byName)).toEqual(['u-ada', 'u-zoe'])
  })

  it('an email that matches nobody never falls back silently to a name', () => {
    const m = people.match({ email: 'ada@x.com', fullName: 'Zoe Celik' })
    expect(m).toMatchObject({
      state: 'ambiguous',
      candidates: [expect.objectContaining({ id: 'u-zoe' })],
      reason: 'No user or visitor has the email ada@x.com. Zoë Çelik (zoe@example.com) has the same name.'
    })
    const several = people.match({ email: 'ada@x.com', fullName: 'Ada Ng' })
    expect(ids(several)).toEqual(['u-ada', 'u-ada2'])
    expect(several.state === 'ambiguous' && several.reason).toBe(
      'No user or visitor has the email ada@x.com. 2 people are named Ada Ng.'
    )
    const byNumber = people.match({ email: 'ada@x.com', employeeNumber: '42', fullName: 'Nobody Here' })
    expect(byNumber.state === 'ambiguous' && byNumber.reason).toBe(
      'No user or visitor has the email ada@x.com. Ada Ng (Ada.Ng@Example.com) has the same employee number.'
    )
  })

  it('an employee number that differs only by leading zeros is offered, never matched', () => {
    const idx = new PeopleIndex(
      [user('u1', { first_name: 'Ada', last_name: 'Ng', user_email: 'a@x.io', employee_number: '00042' })],
      []
    )
    expect(idx.match({ employeeNumber: '42' })).toMatchObject({
      state: 'ambiguous',
      candidates: [expect.objectContaining({ id: 'u1' })],
      reason:
        'No user has the employee number 42. Ada Ng (a@x.io) has the employee number 00042: a spreadsheet may have dropped or added leading zeros.'
    })
    expect(idx.match({ employeeNumber: '0042' }).state).toBe('ambiguous')
    expect(idx.match({ employeeNumber: '00042' }).state).toBe('matched')
    expect(idx.match({ employeeNumber: '420' }).state).toBe('missing')
    // Behind an email that names nobody, too.
    const m = idx.match({ email: 'nobody@x.io', employeeNumber: '42' })
    expect(m.state === 'ambiguous' && m.reason).toContain(
      'No user or visitor has the email nobody@x.io. Ada Ng (a@x.io) has the employee number 00042'
    )
  })

  it('missing says which keys matched nobody', () => {
    expect(people.match({ email: 'ada@x.com' })).toMatchObject({
      state: 'missing',
      reason: 'No user or visitor has the email ada@x.com.'
    })
    expect(people.match({ email: 'ada@x.com', fullName: 'Nobody Here' })).toMatchObject({
      state: 'missing',
      reason: 'No user or visitor has the email ada@x.com. No user or visitor is named Nobody Here.'
    })
    expect(people.match({ fullName: 'Nobody Here' })).toMatchObject({
      state: 'missing',
      reason: 'No user or visitor is named Nobody Here.'
    })
  })

  it('a deactivated user or a closed visit is offered, never matched by itself', () => {
    expect(people.match({ email: 'old@example.com' })).toMatchObject({
      state: 'ambiguous',
      candidates: [expect.objectContaining({ id: 'u-gone' })],
      reason: "Old Timer's account is deactivated: confirm to give them credentials anyway."
    })
    const cat = people.match({ email: 'cat@example.com' })
    expect(cat.state === 'ambiguous' && cat.reason).toBe(
      'Cat Cancel is a visitor whose visit is cancelled: confirm to give them credentials anyway.'
    )
  })

  it('at most 20 candidates', () => {
    const many = Array.from({ length: 30 }, (_, i) => user(`u${i}`, { first_name: 'Sam', last_name: 'Lee' }))
    const m = new PeopleIndex(many, []).match({ fullName: 'Sam Lee' })
    expect(ids(m)).toHaveLength(20)
    expect(m.state === 'ambiguous' && m.reason).toBe('30 people are named Sam Lee.')
  })
})

describe('holdings and search', () => {
  it('says what a person holds', () => {
    expect(people.get({ type: 'user', id: 'u-ada' })).toEqual({
      person: expect.objectContaining({ id: 'u-ada' }),
      cards: [{ token: 'tok-123', displayId: '000123' }],
      hasPin: true,
      hasPass: true
    })
    expect(people.get({ type: 'user', id: 'u-bo' })).toMatchObject({ cards: [], hasPin: false, hasPass: false })
    expect(people.get({ type: 'visitor', id: 'v-vic' })).toMatchObject({ hasPin: true, hasPass: false })
    expect(people.get({ type: 'visitor', id: 'u-ada' })).toBeUndefined()
  })

  it('finds people by words of their name, email or employee number', () => {
    expect(people.search('ada ng').map((p) => p.id)).toEqual(['u-ada', 'u-ada2'])
    expect(people.search('example.com', 3)).toHaveLength(3)
    expect(people.search('77').map((p) => p.id)).toEqual(['u-ada2'])
    expect(people.search('  ')).toEqual([])
  })
})

describe('speed', () => {
  it('matches 1,000 rows against 2,000 users and 5,000 visitors, each by its own keys (speed: bench/roster)', () => {
    const users = Array.from({ length: 2000 }, (_, i) =>
      user(`u${i}`, {
        first_name: `First${i}`,
        last_name: `Last${i % 500}`,
        user_email: `p${i}@example.com`,
        employee_number: String(i)
      })
    )
    const visitors = Array.from({ length: 5000 }, (_, i) =>
      visitor(`v${i}`, { first_name: `Guest${i}`, last_name: 'Visitor', email: `g${i}@example.com` })
    )
    const index = new PeopleIndex(users, visitors)
    const matched = (() => {
      let n = 0
      for (let i = 0; i < 1000; i++) {
        const m = index.match({
          email: `p${i * 2}@example.com`,
          employeeNumber: String(i * 2),
          fullName: `First${i * 2} Last${(i * 2) % 500}`
        })
        if (m.state === 'matched') n++
      }
      return n
    })()
    expect(matched).toBe(1000)
  })
})
