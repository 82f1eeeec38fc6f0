import { describe, expect, it } from 'vitest'
import {
  dateTimePattern,
  parseTypedDateTime,
  parseTypedDay,
  typedDateTimeText,
  typedDayText
} from '../../../src/shared/format/parse-date-time'

/**
 * The desk's date fields are text in the desk's language's order (the browser's own date fields follow
 * the browser's language: "mm/dd/yyyy" on a German desk). What is written is read back as the same moment.
 */
describe('a date and time typed in the desk’s language', () => {
  it('reads each language’s order, ISO in every language, and 12-hour times', () => {
    expect(parseTypedDateTime('29.11.2026 08:00', 'de')).toEqual({ ok: true, value: '2026-11-29T08:00' })
    expect(parseTypedDateTime('29/11/2026 8h30', 'fr')).toEqual({ ok: true, value: '2026-11-29T08:30' })
    expect(parseTypedDateTime('29/11/2026, 17:59', 'es')).toEqual({ ok: true, value: '2026-11-29T17:59' })
    expect(parseTypedDateTime('11/29/2026 8:05 PM', 'en-US')).toEqual({ ok: true, value: '2026-11-29T20:05' })
    expect(parseTypedDateTime('11/29/2026 12 am', 'en-US')).toEqual({ ok: true, value: '2026-11-29T00:00' })
    expect(parseTypedDateTime('2026-11-29T08:00', 'de')).toEqual({ ok: true, value: '2026-11-29T08:00' })
    expect(parseTypedDateTime('2026-11-29 08:00', 'fr')).toEqual({ ok: true, value: '2026-11-29T08:00' })
    expect(parseTypedDay('29.11.2026', 'de')).toEqual({ ok: true, value: '2026-11-29' })
  })

  it('writes a moment back as the language types it, and reads that text as the same moment', () => {
    for (const locale of ['de', 'fr', 'es', 'en-US', 'en-GB']) {
      const text = typedDateTimeText('2026-03-04T21:07', locale)
      expect(parseTypedDateTime(text, locale)).toEqual({ ok: true, value: '2026-03-04T21:07' })
      expect(parseTypedDay(typedDayText('2026-03-04', locale), locale)).toEqual({ ok: true, value: '2026-03-04' })
    }
    expect(typedDateTimeText('2026-11-29T08:00', 'de')).toBe('29.11.2026 08:00')
    expect(typedDayText('2026-11-29', 'de')).toBe('29.11.2026')
    // A typing that is no moment is shown as typed (kept), not emptied.
    expect(typedDateTimeText('202604-04-05T10:00', 'de')).toBe('202604-04-05T10:00')
  })

  it('says what was typed and how to type it, in the language, and never guesses', () => {
    const noTime = parseTypedDateTime('29.11.2026', 'de')
    expect(noTime).toEqual({
      ok: false,
      message:
        '„29.11.2026“ ist kein Datum mit Uhrzeit: Geben Sie es als TT.MM.JJJJ HH:MM ein, zum Beispiel 29.11.2026 08:00.'
    })
    const sixDigits = parseTypedDateTime('202604-04-05T10:00', 'en-US')
    expect(sixDigits.ok).toBe(false)
    expect(!sixDigits.ok && sixDigits.message).toContain('type it as MM/DD/YYYY HH:MM')
    // 25 o'clock, 13 PM and a two-digit year are not read.
    expect(parseTypedDateTime('29.11.2026 25:00', 'de').ok).toBe(false)
    expect(parseTypedDateTime('11/29/2026 13 PM', 'en-US').ok).toBe(false)
    const century = parseTypedDateTime('29.11.26 08:00', 'de')
    expect(!century.ok && century.message).toContain('kann 29.11.2026 oder ein anderes Datum sein')
    expect(dateTimePattern('fr')).toBe('JJ/MM/AAAA HH:MM')
  })
})
