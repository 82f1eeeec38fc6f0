import { describe, expect, it } from 'vitest'
import { formats } from '../../../src/shared/format/formats'

/**
 * Dates written with the system's locale (main's default, the desk's before it chose a language). On a
 * machine whose environment names no locale Node's ICU knows, Intl resolves "und" and writes placeholder
 * months ("M03 25, Wed"); the app writes English there instead.
 */
describe('formats with the system locale', () => {
  it('never writes an ICU placeholder month, whatever locale the machine names', () => {
    const wed = new Date(2026, 2, 25, 9, 0)
    const f = formats()
    for (const words of [f.weekdayDayMonth(wed), f.dateTime(wed), f.date(wed)]) {
      expect(words).not.toMatch(/\bM\d{2}\b/)
      expect(words).toMatch(/25/)
    }
  })
})
