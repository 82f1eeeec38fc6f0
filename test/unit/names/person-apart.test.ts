import { describe, expect, it } from 'vitest'
import { apartOf, namesakesApart } from '../../../src/shared/person-apart'

describe('what tells a person apart from a namesake (the pickers’ and the roster’s one rule)', () => {
  it('their email, else their employee number, else nothing', () => {
    expect(apartOf({ email: ' ada@example.com ', employeeNumber: '7' })).toEqual({
      by: 'email',
      email: 'ada@example.com'
    })
    expect(apartOf({ email: '', employeeNumber: '0042' })).toEqual({ by: 'employeeNumber', number: '0042' })
    expect(apartOf({})).toBeNull()
  })

  it('in a list: a name held once is left alone; namesakes by email or number, else by their line', () => {
    expect(
      namesakesApart([
        { name: 'Cy Eng', facts: { email: 'cy@example.com' }, line: 2 },
        { name: 'Ada Ng', facts: { email: 'ada@example.com' }, line: 3 },
        { name: 'ada ng ', facts: { employeeNumber: '0042' }, line: 4 },
        { name: 'Ben Ng', line: 5 },
        { name: 'Ben Ng', line: 6 },
        // The same person on two lines: their email tells neither from the other.
        { name: 'Di Fox', facts: { email: 'di@example.com' }, line: 7 },
        { name: 'Di Fox', facts: { email: 'DI@example.com' }, line: 8 }
      ])
    ).toEqual([
      null,
      { by: 'email', email: 'ada@example.com' },
      { by: 'employeeNumber', number: '0042' },
      { by: 'line', line: 5 },
      { by: 'line', line: 6 },
      { by: 'line', line: 7 },
      { by: 'line', line: 8 }
    ])
  })

  it('an email two namesakes share gives way to the next fact: the employee number, else the console’s id', () => {
    expect(
      namesakesApart([
        { name: 'Ben Ng', facts: { email: 'ben@example.com', id: '3f9a0c12-aaaa' } },
        { name: 'Ben Ng', facts: { email: 'desk@example.com', employeeNumber: '7', id: '7b21d4e9-aaaa' } },
        { name: 'Ben Ng', facts: { email: 'desk@example.com', id: '7b21d4ea-aaaa' } },
        { name: 'Ben Ng', facts: { id: 'c4e8a310-aaaa' } },
        // Ids alike in their first characters are shown as far as they differ.
        { name: 'Ben Ng', facts: { id: 'c4e8a310-bbbb' } },
        { name: 'Cy Eng', facts: { id: 'f0000000-aaaa' } }
      ])
    ).toEqual([
      { by: 'email', email: 'ben@example.com' },
      { by: 'employeeNumber', number: '7' },
      { by: 'id', id: '7b21d4ea' },
      { by: 'id', id: 'c4e8a310-a' },
      { by: 'id', id: 'c4e8a310-b' },
      null
    ])
  })

  it('the same person twice with no line: nothing tells them apart, and nothing is made up', () => {
    expect(
      namesakesApart([
        { name: 'Di Fox', facts: { id: 'u1' } },
        { name: 'Di Fox', facts: { id: 'u1' } }
      ])
    ).toEqual([null, null])
  })
})
