import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AppError, type AppErrorData } from '../../../src/shared/errors'
import { sayError } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'
import { LANGUAGES as locales } from '../../../src/shared/i18n/locales'
import { actingReason } from '../../../src/shared/badges/printer-state'
import { jobEnded } from '../../../src/main/services/printing/printer-failure'

/**
 * A job the printer ended gives its job-state-reasons (RFC 8011 §5.3.8): the ones that say why it did not
 * print are worded as what to do next in every language, from the one table of the printer's reasons
 * (shared/badges/printer-state.ts and the errors catalogue's printer.reason.*), never shown as keywords.
 */
const catalogue = (language: string) =>
  new Translator(
    language as never,
    JSON.parse(readFileSync(join(process.cwd(), 'src/shared/i18n/messages/errors', `${language}.json`), 'utf8'))
  )
const english = catalogue('en')
const lobby = { url: 'ipp://10.0.0.9:631/ipp/print', displayName: 'Lobby' }
const data = (e: unknown): AppErrorData => JSON.parse(JSON.stringify(AppError.from(e).toData())) as AppErrorData

const jobReasons = [
  'aborted-by-system',
  'job-canceled-at-device',
  'job-canceled-by-user',
  'job-canceled-by-operator',
  'printer-stopped',
  'document-format-error',
  'document-unprintable-error'
]

describe('the reasons a printer gives for a job it ended, worded as the next step', () => {
  for (const reason of jobReasons)
    it(`${reason}: its own sentence and advice in English, German, French and Spanish, never the keyword`, () => {
      const state = reason.includes('canceled') ? 'canceled' : 'aborted'
      const e = data(jobEnded(lobby, 1, state, ['job-printing', reason], []))
      expect(e.details?.['said']).toBe('reason')
      expect(e.details?.['reason']).toBe(actingReason([reason])?.keyword)
      for (const language of locales) {
        const said = sayError(e, catalogue(language), undefined, english)
        expect(said.english, language).toBeUndefined()
        expect(`${said.message} ${said.hint}`, language).not.toContain(reason.replace(/-error$/, ''))
        expect(said.hint, language).toBeTruthy()
      }
    })

  it('a job’s news (queued, printing, completed) is never the reason, so the printer’s own reason is said', () => {
    expect(actingReason(['job-queued', 'job-printing', 'job-completed-with-errors', 'media-empty-report'])).toEqual({
      keyword: 'media-empty',
      known: true
    })
    expect(actingReason(['job-incoming', 'job-printing'])).toBeNull()
  })

  it('aborted by the printer, in English: what happened and what to do', () => {
    const e = jobEnded(lobby, 1, 'aborted', ['aborted-by-system'], [])
    expect(e.message).toBe('The printer “Lobby” stopped the badge itself. No badge was printed.')
    expect(e.hint).toBe(
      'Look at the printer’s display or lights for what it needs (labels, ribbon, cover), then print the badge again.'
    )
  })
})
