import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Translator } from '../../../src/shared/i18n/translator'
import { sayNow } from '../../../src/renderer/src/lib/said'
import type { FieldProblems } from '../../../src/renderer/src/lib/i18n/field-problems'
import { scheduleFieldErrors, visitorFieldErrors } from '../../../src/renderer/src/lib/i18n/visitor-form-errors'
import { scheduleRangeSchema, scheduleSchema } from '../../../src/shared/visitors/schedule'
import { visitorFormSchema } from '../../../src/shared/visitors/form'
import { weekdays } from '../../../src/shared/access/visitors'

/**
 * The visitor form's rules, shared by the renderer (a message at the field before anything is
 * sent) and main (which parses the form again): each rule is shown to refuse what it must and to
 * let through what it must, with the words and the field the person sees.
 */
type Issue = [code: string, path: string, message: string]
const issues = (result: z.ZodSafeParseResult<unknown>): Issue[] =>
  result.success ? [] : result.error.issues.map((i) => [i.code, i.path.map(String).join('.'), i.message])

const RANGE_ORDER = 'The range must end after it starts.'
const VISIT_ORDER = 'The visit must end after it starts.'
const CLOCK_FORMAT = 'Use HH:MM:SS, 24-hour (for example 09:00:00).'

const emptyWeek = () => Object.fromEntries(weekdays.map((d) => [d, [] as { start_time: string; end_time: string }[]]))
const week = (monday: { start_time: string; end_time: string }[]) => ({ ...emptyWeek(), monday })
const r = (start_time: string, end_time: string) => ({ start_time, end_time })

const form = {
  first_name: 'Rosa',
  last_name: 'Holmgaard',
  visit_reason: 'Business',
  start_time: 1_900_000_000,
  end_time: 1_900_003_600,
  week_schedule: null
}

describe('a schedule range', () => {
  it('refuses a range that ends when it starts (the check is `>`, not `>=`)', () => {
    expect(issues(scheduleRangeSchema.safeParse(r('09:00:00', '09:00:00')))).toEqual([
      ['custom', 'end_time', RANGE_ORDER]
    ])
  })

  it('refuses a range that ends before it starts, and takes one that ends a second after', () => {
    expect(issues(scheduleRangeSchema.safeParse(r('17:00:00', '09:00:00')))).toEqual([
      ['custom', 'end_time', RANGE_ORDER]
    ])
    expect(scheduleRangeSchema.parse(r('09:00:00', '09:00:01'))).toEqual(r('09:00:00', '09:00:01'))
  })

  it('says only "use HH:MM:SS" for a malformed time, not that the range is backwards', () => {
    // '9:00' sorts after '08:00:00' and '0:00' before '10:00:00': compared as text, each would look backwards.
    expect(issues(scheduleRangeSchema.safeParse(r('9:00', '08:00:00')))).toEqual([
      ['invalid_format', 'start_time', CLOCK_FORMAT]
    ])
    expect(issues(scheduleRangeSchema.safeParse(r('10:00:00', '0:00')))).toEqual([
      ['invalid_format', 'end_time', CLOCK_FORMAT]
    ])
  })
})

describe('a weekly schedule', () => {
  it('refuses overlapping ranges at the later one, naming the earlier, whatever order they were typed in', () => {
    const result = scheduleSchema.safeParse(week([r('10:00:00', '12:00:00'), r('09:00:00', '11:00:00')]))
    expect(issues(result)).toEqual([['custom', 'monday.0.start_time', 'Overlaps 09:00:00–11:00:00.']])
  })

  it('takes ranges typed out of order that do not overlap, and ranges that touch', () => {
    expect(scheduleSchema.safeParse(week([r('13:00:00', '14:00:00'), r('09:00:00', '10:00:00')])).success).toBe(true)
    expect(scheduleSchema.safeParse(week([r('09:00:00', '10:00:00'), r('10:00:00', '11:00:00')])).success).toBe(true)
  })

  it('checks each pair of neighbours: the third range overlapping the second is refused', () => {
    const result = scheduleSchema.safeParse(
      week([r('08:00:00', '09:00:00'), r('09:00:00', '12:00:00'), r('11:30:00', '13:00:00')])
    )
    expect(issues(result)).toEqual([['custom', 'monday.2.start_time', 'Overlaps 09:00:00–12:00:00.']])
  })

  it('refuses a week with no range at all, for the whole schedule; one range anywhere is enough', () => {
    expect(issues(scheduleSchema.safeParse(emptyWeek()))).toEqual([
      ['custom', '', 'Add at least one time range, or turn the weekly schedule off.']
    ])
    expect(scheduleSchema.safeParse({ ...emptyWeek(), sunday: [r('10:00:00', '11:00:00')] }).success).toBe(true)
  })
})

describe('the visitor form', () => {
  it('refuses a visit that ends before it starts, or when it starts, at the end field', () => {
    expect(issues(visitorFormSchema.safeParse({ ...form, end_time: form.start_time - 60 }))).toEqual([
      ['custom', 'end_time', VISIT_ORDER]
    ])
    expect(issues(visitorFormSchema.safeParse({ ...form, end_time: form.start_time }))).toEqual([
      ['custom', 'end_time', VISIT_ORDER]
    ])
    expect(visitorFormSchema.safeParse({ ...form, end_time: form.start_time + 1 }).success).toBe(true)
  })

  it('asks for a missing end, without also calling the window backwards', () => {
    expect(issues(visitorFormSchema.safeParse({ ...form, end_time: 0 }))).toEqual([
      ['too_small', 'end_time', 'Enter when the visit ends.']
    ])
    expect(issues(visitorFormSchema.safeParse({ ...form, end_time: -5 }))).toEqual([
      ['too_small', 'end_time', 'Enter when the visit ends.']
    ])
  })

  it('takes a phone number of digits, spaces and + ( ) - . only, or none', () => {
    const phone = (mobile_phone: string) => visitorFormSchema.safeParse({ ...form, mobile_phone })
    expect(phone('').success).toBe(true)
    expect(phone('+41 (0)44 123-45.67').success).toBe(true)
    for (const wrong of ['abc', '12a', 'a12', '044\u00a0x']) {
      expect(issues(phone(wrong)), wrong).toEqual([['custom', 'mobile_phone', 'Use digits, spaces and + ( ) - only.']])
    }
  })

  it('takes an email like name@example.com, or none', () => {
    const email = (value: string) => visitorFormSchema.safeParse({ ...form, email: value })
    expect(email('').success).toBe(true)
    expect(email('rosa.holmgaard@example.com').success).toBe(true)
    for (const wrong of [
      'rosa',
      'rosa@example',
      'rosa@examplecom',
      '@example.com',
      'rosa@.com',
      'rosa@example.',
      'ro sa@example.com',
      'rosa@@example.com',
      'rosa@example.com@'
    ]) {
      expect(issues(email(wrong)), wrong).toEqual([
        ['custom', 'email', 'Enter an email like name@example.com, or leave it empty.']
      ])
    }
  })
})

const english = new Translator(
  'en',
  JSON.parse(readFileSync(join(process.cwd(), 'src/shared/i18n/messages/visitorForm/en.json'), 'utf8')) as Record<
    string,
    string
  >
)
const shown = (problems: FieldProblems) =>
  Object.fromEntries(Object.entries(problems).map(([field, said]) => [field, sayNow(said)]))

describe('field problems', () => {
  it('gives each field its first message, keyed by the dotted path', () => {
    const result = scheduleSchema.safeParse(week([r('10:00:00', '12:00:00'), r('09:00:00', '11:00:00')]))
    if (result.success) throw new Error('expected an overlap')
    expect(shown(scheduleFieldErrors(result.error, english))).toEqual({
      // Said in the desk's clock (English here: 12-hour), as every time of day on screen is.
      'monday.0.start_time': expect.stringMatching(/^Overlaps 9:00\sAM–11:00\sAM\.$/)
    })

    // Too long and with letters: two messages for one field, the first is the one shown.
    const phone = visitorFormSchema.safeParse({ ...form, mobile_phone: 'x'.repeat(40), first_name: '' })
    if (phone.success) throw new Error('expected refusals')
    expect(shown(visitorFieldErrors(phone.error, english))).toEqual({
      first_name: 'Enter the first name.',
      mobile_phone: 'Shorten the phone number to at most 32 characters.'
    })
  })
})
