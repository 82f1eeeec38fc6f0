import { describe, expect, it } from 'vitest'
import { dateOrder, parseTypedDate } from '../../../src/shared/format/parse-date'

/**
 * A typed date is read in its locale's order (one reader, beside the formats: shared/format), ISO in
 * every locale; one that could be read two ways, or is none, is never guessed: the answer says what
 * to type, in the locale's language.
 */
const day = (text: string, locale: string) => {
  const read = parseTypedDate(text, locale)
  return read.ok ? read.date : read.kind
}

describe('a typed date, in the locale’s order', () => {
  it('day first in German (dots), French and Spanish (slashes), month first in American English', () => {
    expect(day('28.11.2026', 'de')).toBe('2026-11-28')
    expect(day('28/11/2026', 'fr')).toBe('2026-11-28')
    expect(day('28/11/2026', 'es')).toBe('2026-11-28')
    expect(day('11/28/2026', 'en-US')).toBe('2026-11-28')
    expect(day('28/11/2026', 'en-GB')).toBe('2026-11-28')
    // The order, not the mark, decides: a day-first locale reads 3/4 as the 3rd of April.
    expect(day('3/4/2026', 'fr')).toBe('2026-04-03')
    expect(day('3/4/2026', 'en-US')).toBe('2026-03-04')
    expect(day(' 1.2.2026 ', 'de')).toBe('2026-02-01')
  })

  it('ISO in every locale, and a year first is a year', () => {
    for (const locale of ['de', 'fr', 'es', 'en-US', 'en']) {
      expect(day('2026-11-28', locale)).toBe('2026-11-28')
      expect(day('2026/11/28', locale)).toBe('2026-11-28')
    }
  })

  it('a day and month that fit only the other way round: that one real date is the date, nothing asked', () => {
    // 29 and 28 cannot be months: the only real reading is taken, in every order ("could be" was said of it).
    expect(day('29/11/2026', 'en-US')).toBe('2026-11-29')
    expect(day('28/11/2026', 'en-US')).toBe('2026-11-28')
    expect(day('11/28/2026', 'fr')).toBe('2026-11-28')
    expect(day('11.29.2026', 'de')).toBe('2026-11-29')
    // Both readings real: the locale's order, as the screens write dates.
    expect(day('3/4/2026', 'fr')).toBe('2026-04-03')
    // Neither reading real: no date.
    expect(day('31/31/2026', 'en-US')).toBe('invalid')
  })

  it('a two-digit year: ambiguous (which century?)', () => {
    expect(parseTypedDate('28.11.26', 'de')).toEqual({
      ok: false,
      kind: 'ambiguous',
      message:
        '„28.11.26“ kann 28.11.2026 oder ein anderes Datum sein: Geben Sie es als TT.MM.JJJJ oder als JJJJ-MM-TT ein.'
    })
  })

  it('no date at all: invalid, with what to type', () => {
    expect(parseTypedDate('31.02.2026', 'de')).toEqual({
      ok: false,
      kind: 'invalid',
      message: '„31.02.2026“ ist kein Datum: Geben Sie es als TT.MM.JJJJ oder als JJJJ-MM-TT ein.'
    })
    expect(parseTypedDate('mañana', 'es')).toEqual({
      ok: false,
      kind: 'invalid',
      message: '«mañana» no es una fecha: escríbala como DD/MM/AAAA o como AAAA-MM-DD.'
    })
    for (const text of ['', '2026-13-01', '28.11.2026.', '28.11/2026', '28.11.202611', '0.11.2026'])
      expect(day(text, 'de'), text).toBe('invalid')
  })

  it('knows each locale’s order and mark', () => {
    expect(dateOrder('de')).toEqual({ order: ['day', 'month', 'year'], separator: '.' })
    expect(dateOrder('fr')).toEqual({ order: ['day', 'month', 'year'], separator: '/' })
    expect(dateOrder('en-US')).toEqual({ order: ['month', 'day', 'year'], separator: '/' })
  })
})
