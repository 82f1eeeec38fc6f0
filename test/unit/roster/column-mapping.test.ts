import { describe, expect, it } from 'vitest'
import {
  MAPPINGS_KEPT,
  MappingMemory,
  guessMapping,
  headerKey,
  headerSignature
} from '../../../src/main/services/roster/column-mapping'
import { createConfStore } from '../../../src/main/services/storage/key-value-store'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'

describe('guessing the mapping from the headers', () => {
  it('reads HR header names whatever their case, spaces and punctuation', () => {
    expect(guessMapping(['E-mail', 'Employee ID', 'Full name', 'NFC ID', 'PIN', 'Touch Pass'])).toEqual({
      email: 0,
      employeeNumber: 1,
      fullName: 2,
      card: 3,
      pin: 4,
      touchPass: 5
    })
    expect(guessMapping(['Given name', 'SURNAME', 'Work Email', 'Emp #', 'Card UID', 'Mobile pass'])).toEqual({
      firstName: 0,
      lastName: 1,
      email: 2,
      employeeNumber: 3,
      card: 4,
      touchPass: 5
    })
    expect(
      guessMapping(['Email Address', 'Staff number', 'Display name', 'Family name', 'First Name', 'Card number'])
    ).toEqual({
      email: 0,
      employeeNumber: 1,
      fullName: 2,
      lastName: 3,
      firstName: 4,
      card: 5
    })
    expect(guessMapping(['Employee No.', 'Name', 'Card'])).toEqual({ employeeNumber: 0, fullName: 1, card: 2 })
    // French, German and Spanish headers: header-words.test.ts.
  })

  it('leaves out what could be either a card or a person', () => {
    expect(guessMapping(['Badge number', 'ID', 'Department'])).toEqual({})
  })

  it('uses each column once, and the exact name before a looser one', () => {
    // Two email columns: the work one; the personal one is never taken by the loose pattern.
    expect(guessMapping(['Personal email', 'Work email'])).toEqual({ email: 1 })
    expect(guessMapping(['Personal email'])).toEqual({})
    // Two "Name" columns: the first.
    expect(guessMapping(['Name', 'Name'])).toEqual({ fullName: 0 })
    // A loose email pattern: "Email (work)".
    expect(guessMapping(['Email (work)', 'Name'])).toEqual({ email: 0, fullName: 1 })
  })

  it('normalises headers to one key', () => {
    expect(headerKey(' Émp # ')).toBe('empnumber')
    expect(headerKey('E-Mail')).toBe('email')
    expect(headerSignature(['E-mail', 'Emp #'])).toBe(headerSignature(['email', 'EMP#']))
    expect(headerSignature(['Email', 'Name'])).not.toBe(headerSignature(['Name', 'Email']))
  })
})

describe('remembering mappings', () => {
  it('recalls a mapping for the same headers, written any other way', () => {
    const memory = new MappingMemory(memoryStore())
    expect(memory.recall(['Email', 'Name'])).toBeUndefined()
    memory.remember(['Email', 'Name'], { email: 0, fullName: 1, card: null })
    expect(memory.recall(['E-MAIL', ' name '])).toEqual({ email: 0, fullName: 1, card: null })
    expect(memory.recall(['Name', 'Email'])).toBeUndefined()
  })

  it('a later mapping of the same headers replaces the earlier', () => {
    const memory = new MappingMemory(memoryStore())
    memory.remember(['A', 'B'], { email: 0 })
    memory.remember(['A', 'B'], { email: 1 })
    expect(memory.recall(['A', 'B'])).toEqual({ email: 1 })
  })

  it(`keeps the ${MAPPINGS_KEPT} most recent, forgetting the oldest`, () => {
    const store = memoryStore()
    const memory = new MappingMemory(store)
    for (let i = 0; i <= MAPPINGS_KEPT; i++) memory.remember([`Col${i}`], { email: 0 })
    expect(memory.recall(['Col0'])).toBeUndefined()
    expect(memory.recall(['Col1'])).toEqual({ email: 0 })
    expect(memory.recall([`Col${MAPPINGS_KEPT}`])).toEqual({ email: 0 })
    expect((store.data.get('roster.mappings') as unknown[]).length).toBe(MAPPINGS_KEPT)
    // Recalling one does not reorder; remembering it again makes it the newest.
    memory.remember(['Col1'], { email: 0 })
    memory.remember(['Extra'], { email: 0 })
    expect(memory.recall(['Col1'])).toEqual({ email: 0 })
    expect(memory.recall(['Col2'])).toBeUndefined()
  })

  it('ignores a damaged store, and a mapping naming a column the file lacks', () => {
    const store = memoryStore()
    store.data.set('roster.mappings', 'not a list')
    const memory = new MappingMemory(store)
    expect(memory.recall(['Email'])).toBeUndefined()
    store.data.set('roster.mappings', [
      null,
      { signature: 'email', mapping: { email: 3 } },
      { signature: 'name', mapping: { fullName: 'x' } }
    ])
    expect(memory.recall(['Email'])).toBeUndefined()
    expect(memory.recall(['Name'])).toBeUndefined()
    memory.remember(['Email'], { email: 0 })
    expect(memory.recall(['Email'])).toEqual({ email: 0 })
  })

  it('refuses to remember an invalid mapping', () => {
    const memory = new MappingMemory(memoryStore())
    expect(() => memory.remember(['A'], { email: -1 })).toThrow()
  })

  it("survives a restart in the app's key-value store", async () => {
    const dir = await tempDir()
    new MappingMemory(createConfStore(dir.path, 'roster')).remember(['Email', 'Card'], { email: 0, card: 1 })
    expect(new MappingMemory(createConfStore(dir.path, 'roster')).recall(['email', 'card'])).toEqual({
      email: 0,
      card: 1
    })
    await dir.remove()
  })
})
