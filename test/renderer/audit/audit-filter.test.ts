import { describe, expect, it } from 'vitest'
import { emptyFields, parseRetention, toFilter } from '../../../src/renderer/src/stores/audit.svelte'

describe('the Audit screen’s filter fields', () => {
  it('dates are whole days in the desk’s zone: from its midnight to the next day’s', () => {
    const filter = toFilter({ ...emptyFields(), from: '2026-03-01', to: '2026-03-02' })
    expect(filter.from).toBe(new Date(2026, 2, 1).toISOString())
    expect(filter.to).toBe(new Date(2026, 2, 3).toISOString())
    // One day: from and to the same date is that whole day.
    const day = toFilter({ ...emptyFields(), from: '2026-03-01', to: '2026-03-01' })
    expect(Date.parse(day.to!) - Date.parse(day.from!)).toBe(
      new Date(2026, 2, 2).getTime() - new Date(2026, 2, 1).getTime()
    )
  })

  it('empty fields are left out; text is trimmed', () => {
    expect(toFilter(emptyFields())).toEqual({})
    expect(
      toFilter({ ...emptyFields(), text: '  ada  ', action: 'purchase', outcome: 'unknown', console: 'https://c' })
    ).toEqual({
      text: 'ada',
      // The desk's language: main finds a row by the words it shows in it too.
      language: 'en',
      action: 'purchase',
      outcome: 'unknown',
      console: 'https://c'
    })
    expect(toFilter({ ...emptyFields(), text: '   ' })).toEqual({})
  })

  it('a range that ends before it starts, or a date that is not one, is refused with what to do', () => {
    expect(() => toFilter({ ...emptyFields(), from: '2026-03-02', to: '2026-03-01' })).toThrow(
      '“To” is before “From”: pick a “To” date on or after the “From” date.'
    )
    expect(() => toFilter({ ...emptyFields(), from: 'soon' })).toThrow(
      '“From”: “soon” is not a date: type it as MM/DD/YYYY, or as YYYY-MM-DD.'
    )
    expect(() => toFilter({ ...emptyFields(), to: '31/2/2026' })).toThrow('“To”: “31/2/2026” is not a date')
    // The desk's order and ISO are both read: a day typed either way is that day.
    expect(toFilter({ ...emptyFields(), from: '3/1/2026', to: '2026-3-1' })).toEqual({
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 2, 2).toISOString()
    })
  })

  it('retention: a whole number of days from 1 to 3650, else what to type', () => {
    expect(parseRetention(' 30 ')).toEqual({ days: 30 })
    expect(parseRetention('1')).toEqual({ days: 1 })
    expect(parseRetention('3650')).toEqual({ days: 3650 })
    expect(parseRetention('0')).toEqual({ error: 'Keep the journal at least 1 day.' })
    expect(parseRetention('3651')).toEqual({ error: 'Keep the journal at most 3650 days (ten years).' })
    expect(parseRetention('1.5')).toEqual({ error: 'Enter a whole number of days, for example 365.' })
    expect(parseRetention('')).toEqual({ error: 'Enter a whole number of days, for example 365.' })
  })
})
