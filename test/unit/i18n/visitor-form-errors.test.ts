import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { visitorFormSchema } from '../../../src/shared/visitors/form'
import { fieldErrors } from '../../../src/shared/field-errors'
import { END_IN_THE_PAST } from '../../../src/shared/visitors/visit-rules'
import { Translator } from '../../../src/shared/i18n/translator'
import { visitorFieldErrors } from '../../../src/renderer/src/lib/i18n/visitor-form-errors'

const catalogue = (language: string) =>
  JSON.parse(
    readFileSync(join(process.cwd(), 'src/shared/i18n/messages/visitorForm', `${language}.json`), 'utf8')
  ) as Record<string, string>

/** Forms wrong in every way the schema words (its refine on the window runs only on an otherwise good form). */
const wrong = [
  { first_name: '', last_name: 'x'.repeat(70), mobile_phone: 'abc', email: 'no', start_time: NaN, end_time: -5 },
  { first_name: 'x'.repeat(65), last_name: '', visitor_company: 'c'.repeat(101), mobile_phone: '1'.repeat(33) },
  { first_name: 'A', last_name: 'B', email: `${'e'.repeat(250)}@x.io`, remarks: 'r'.repeat(501), start_time: -1 },
  { first_name: 'A', last_name: 'B', visit_reason: 'Business', start_time: 200, end_time: 100, week_schedule: null }
]

describe('the visitor form’s field messages by field and issue code', () => {
  it('say in English exactly what the shared schema says (main and the CLI read the schema’s)', () => {
    const english = new Translator('en', catalogue('en'))
    let worded = 0
    for (const form of wrong) {
      const r = visitorFormSchema.safeParse(form)
      expect(r.success).toBe(false)
      const byCatalogue = visitorFieldErrors(r.error!, english)
      expect(byCatalogue).toEqual(fieldErrors(r.error!))
      worded += Object.keys(byCatalogue).length
    }
    expect(worded).toBeGreaterThanOrEqual(14)
    expect(english.t('error.end_time.past')).toBe(END_IN_THE_PAST)
  })

  it('say them in German, and keep the schema’s words for a problem the catalogue does not word', () => {
    const german = new Translator('de', catalogue('de'))
    const r = visitorFormSchema.safeParse(wrong[0])
    const said = visitorFieldErrors(r.error!, german)
    expect(said['first_name']).toBe('Geben Sie den Vornamen ein.')
    expect(said['last_name']).toBe('Der Nachname darf höchstens 64 Zeichen lang sein.')
    const schedule = visitorFormSchema.safeParse({ ...wrong[3], end_time: 300, week_schedule: { monday: 'x' } })
    const scheduleSaid = visitorFieldErrors(schedule.error!, german)
    expect(Object.values(scheduleSaid)).toEqual(Object.values(fieldErrors(schedule.error!)))
  })
})
