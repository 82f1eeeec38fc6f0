import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { badgeSettingsSchema } from '../../../src/shared/badges/schemas'
import { kioskSettingsInputSchema } from '../../../src/shared/kiosk/schemas'
import { scheduleSchema } from '../../../src/shared/visitors/schedule'
import { visitorFormSchema } from '../../../src/shared/visitors/form'
import { Translator, type Words } from '../../../src/shared/i18n/translator'
import { formats } from '../../../src/shared/format/formats'
import type { FieldProblems } from '../../../src/renderer/src/lib/i18n/field-problems'
import { scheduleFieldErrors, visitorFieldErrors } from '../../../src/renderer/src/lib/i18n/visitor-form-errors'
import { kioskFieldErrors } from '../../../src/renderer/src/components/kiosk/kiosk-settings-errors'
import { badgeSettingsErrors } from '../../../src/renderer/src/components/badges/badge-settings-errors'
import { sayNow } from '../../../src/renderer/src/lib/said'

const catalogue = (area: string, language: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'src/shared/i18n/messages', area, `${language}.json`), 'utf8')) as Record<
    string,
    string
  >

const range = (start: string, end: string) => ({ start_time: start, end_time: end })
const week = (days: Partial<Record<string, { start_time: string; end_time: string }[]>>) => ({
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
  ...days
})

/** Each form's schema, wrong in every way it words, and the function its screen words it with. */
const forms: {
  name: string
  area: string
  schema: z.ZodType
  wrong: unknown[]
  word: (error: z.ZodError, words: Words<never>) => FieldProblems
}[] = [
  {
    name: 'the visitor form',
    area: 'visitorForm',
    schema: visitorFormSchema,
    wrong: [
      { first_name: '', last_name: 'x'.repeat(70), mobile_phone: 'abc', email: 'no', start_time: NaN, end_time: -5 },
      { first_name: 'x'.repeat(65), last_name: '', visitor_company: 'c'.repeat(101), mobile_phone: '1'.repeat(33) },
      { first_name: 'A', last_name: 'B', email: `${'e'.repeat(250)}@x.io`, remarks: 'r'.repeat(501), start_time: -1 },
      { first_name: 'A', last_name: 'B', visit_reason: 'Business', start_time: 200, end_time: 100 },
      {
        first_name: 'A',
        last_name: 'B',
        visit_reason: 'Business',
        start_time: 100,
        end_time: 200,
        week_schedule: week({ monday: [range('9', '10:00:00'), range('11:00:00', '10:00:00')] })
      }
    ],
    word: visitorFieldErrors as never
  },
  {
    name: 'the weekly schedule',
    area: 'visitorForm',
    schema: scheduleSchema,
    wrong: [
      week({}),
      week({ monday: [range('09:00:00', '12:00:00'), range('11:00:00', '13:00:00')] }),
      week({ tuesday: [range('9am', '10:00:00'), range('12:00:00', '11:00:00')] }),
      week({ friday: Array.from({ length: 9 }, (_, i) => range(`0${i}:00:00`, `0${i}:30:00`)) })
    ],
    word: scheduleFieldErrors as never
  },
  {
    name: 'Settings → Kiosk',
    area: 'settings',
    schema: kioskSettingsInputSchema,
    wrong: [
      { idleSeconds: 5, directions: 'd'.repeat(301), deskName: 'n'.repeat(81), pin: '12' },
      { idleSeconds: 900, directions: '', directionsByLanguage: { de: 'x'.repeat(301) }, deskName: '', pin: '0000' },
      { idleSeconds: Number.NaN, directions: '', deskName: '' }
    ],
    word: kioskFieldErrors as never
  },
  {
    name: "Badges' settings",
    area: 'badges',
    schema: badgeSettingsSchema,
    wrong: [
      { siteName: 's'.repeat(81), logoDataUrl: 'data:text/plain;base64,AAAA' },
      { logoDataUrl: `data:image/png;base64,${'A'.repeat(400_000)}` }
    ],
    word: badgeSettingsErrors as never
  }
]

/** The words of a catalogue, noting every key asked that it does not hold (shown as the schema's English). */
function noting(area: string, language: string, missing: string[]): Words<never> {
  const words = catalogue(area, language)
  const t = new Translator(language as 'en', words)
  return {
    t: (key: string, values) => {
      if (!(key in words)) missing.push(key)
      return t.t(key, values)
    }
  }
}

/**
 * The schema's sentence with the range it names in the desk's clock: a schedule range's "09:00:00" is
 * said as every time of day on screen is (formats().clock; the desk's formats are English here). The
 * format a field asks for ("HH:MM:SS, 24-hour") is what is typed, not a time shown.
 */
const inDeskClock = (message: string) =>
  message.replace(/\b(\d{2}:\d{2}:\d{2})–(\d{2}:\d{2}:\d{2})\b/g, (_, a: string, b: string) => {
    const f = formats('en')
    return `${f.clock(a)}–${f.clock(b)}`
  })

describe('every field problem a form can show is worded by the catalogue, in every language', () => {
  for (const form of forms) {
    it(`${form.name}: each problem has its key in en, de, fr and es, and English says the schema's sentence`, () => {
      let problems = 0
      for (const input of form.wrong) {
        const r = form.schema.safeParse(input)
        expect(r.success, JSON.stringify(input).slice(0, 80)).toBe(false)
        const english = form.word(r.error!, noting(form.area, 'en', []))
        // Each field's first issue: what main and the CLI read from the schema, word for word.
        const schemaSays = new Map<string, string>()
        for (const issue of r.error!.issues) schemaSays.set(issue.path.map(String).join('.'), issue.message)
        for (const [field, said] of Object.entries(english)) {
          const first = r.error!.issues.find((i) => i.path.map(String).join('.') === field)!
          expect(sayNow(said), field).toBe(inDeskClock(first.message))
        }
        for (const language of ['en', 'de', 'fr', 'es']) {
          const missing: string[] = []
          const said = form.word(r.error!, noting(form.area, language, missing))
          const shown = Object.values(said).map(sayNow)
          expect(missing, `${form.name} in ${language}`).toEqual([])
          expect(shown.every((s) => s.length > 0)).toBe(true)
        }
        problems += Object.keys(english).length
      }
      expect(problems).toBeGreaterThanOrEqual(3)
    })
  }

  // "Keep the first name under 64 characters." read as 63 at most, yet 64 is accepted (the schemas' max is inclusive).
  const atMost: Record<string, RegExp> = {
    en: /\bat most \d+/i,
    de: /\bhöchstens \d+/i,
    fr: /\d+ \S+ au plus|\bau plus \d+|\bne doit pas dépasser \d+/i,
    es: /\d+ \S+ como máximo|\bcomo máximo \d+|\bno puede superar los \d+/i
  }
  for (const form of forms) {
    it(`${form.name}: a limit is said as the most allowed ("at most 64"), in every language`, () => {
      let limits = 0
      for (const input of form.wrong) {
        const r = form.schema.safeParse(input)
        // The logo's limit is a file size, said as what is wrong with the picked file ("larger than 256 KB").
        const tooBig = new Set(
          r
            .error!.issues.filter((i) => i.code === 'too_big')
            .map((i) => i.path.map(String).join('.'))
            .filter((field) => field !== 'logoDataUrl')
        )
        for (const language of ['en', 'de', 'fr', 'es']) {
          const said = form.word(r.error!, noting(form.area, language, []))
          for (const field of tooBig) {
            if (!(field in said)) continue
            expect(sayNow(said[field]), `${form.name}, ${field} in ${language}`).toMatch(atMost[language]!)
            limits++
          }
        }
      }
      expect(limits).toBeGreaterThanOrEqual(4)
    })
  }

  it('a problem is worded when shown, not when found: the same problem reads in the language asked at that moment', () => {
    const r = badgeSettingsSchema.safeParse({ siteName: 's'.repeat(81) })
    let words: Words<never> = noting('badges', 'en', [])
    const said = badgeSettingsErrors(r.error!, { t: (key, values) => words.t(key as never, values) })
    expect(sayNow(said['siteName'])).toBe('Shorten the site name to at most 80 characters.')
    words = noting('badges', 'de', [])
    expect(sayNow(said['siteName'])).toBe('Der Standortname darf höchstens 80 Zeichen lang sein.')
  })
})
