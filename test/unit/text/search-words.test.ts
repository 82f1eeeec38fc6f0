import { describe, expect, it } from 'vitest'
import {
  foldText,
  matchesSearch,
  matchesVisitorName,
  searchRecord,
  searchWords
} from '../../../src/shared/text/search-words'

/** The one matcher of every search by name (kiosk, Visitors, Today, Badges), held by one table. */
describe('the search matcher', () => {
  it('folds accents, width and case, and splits on punctuation', () => {
    expect(foldText('Zoë ÉLODIE Ｚｏｅ')).toBe('zoe elodie zoe')
    expect(searchWords("  José  O'Neil-Smith ")).toEqual(['jose', 'o', 'neil', 'smith'])
  })

  const cases: [typed: string, first: string, last: string, found: boolean][] = [
    ['zoe', 'Zoë', 'Martin', true],
    ['ZOË', 'Zoe', 'Martin', true],
    ['Wang Wei', 'Wei', 'Wang', true],
    ['wei wang', 'Wei', 'Wang', true],
    ['wa we', 'Wei', 'Wang', true],
    ['王伟', '伟', '王', true],
    ['伟王', '伟', '王', true],
    ['王', '伟', '王', true],
    ['王 伟', '伟', '王', true],
    ['ros jen', 'Rosa', 'Jensen', true],
    ['jensen rosa', 'Rosa', 'Jensen', true],
    ['rosa rosa', 'Rosa', 'Jensen', false],
    ['rosa jensenn', 'Rosa', 'Jensen', false],
    ['osa', 'Rosa', 'Jensen', false],
    ['ana perez', 'Ana María', 'Silva-Pérez', true],
    ['maria silva', 'Ana María', 'Silva-Pérez', true],
    ['an ana', 'Ana', 'Anders', true],
    ['an ana', 'Ana', 'Silva', false],
    ['jan van dijk', 'Jan', 'van Dijk', true],
    ['weiss juergen', 'Jürgen', 'Weiß', true],
    ['jurgen weiß', 'Jürgen', 'Weiß', true],
    ['mueller', 'Zoë', 'Müller', true],
    ['muller', 'Zoë', 'Müller', true],
    ['orjan', 'Ørjan', 'Åsmund', true],
    ['muelle', 'Jonas', 'Muller', false],
    ['joe', 'Jonas', 'Berg', false],
    ['', 'Rosa', 'Jensen', true],
    ['   ', 'Rosa', 'Jensen', true]
  ]
  it.each(cases)('“%s” finds %s %s: %s', (typed, first, last, found) => {
    expect(matchesVisitorName(typed, { first_name: first, last_name: last })).toBe(found)
  })

  it('finds a record by its other fields too (company, host), one field at a time', () => {
    const row = searchRecord(['Zoë Martin'], ['Contoso', 'Mia Lund'])
    expect(matchesSearch('contoso', row)).toBe(true)
    expect(matchesSearch('lund', row)).toBe(true)
    expect(matchesSearch('lund mia', row)).toBe(true)
    expect(matchesSearch('fabrikam', row)).toBe(false)
    // A full name typed finds that person, not someone whose host or company carries one of its words.
    expect(matchesSearch('zoe contoso', row)).toBe(false)
    expect(matchesSearch('mia zoe', row)).toBe(false)
    expect(matchesSearch('ben okafor', searchRecord(['Ben', 'Rossi'], ['Umbrella', 'Ada Okafor']))).toBe(false)
    expect(matchesSearch('ben okafor', searchRecord(['Ben', 'Okafor'], ['Umbrella', 'Ada Rossi']))).toBe(true)
  })
})
