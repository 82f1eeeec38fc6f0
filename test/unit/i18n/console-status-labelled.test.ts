import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LANGUAGES } from '../../../src/shared/i18n/locales'
import { Translator } from '../../../src/shared/i18n/translator'
import { factWords, type DetailWords } from '../../../src/shared/audit/detail-words'
import { sayError } from '../../../src/shared/errors-wording'
import { bundleStatusLabel, walletLabel } from '../../../src/renderer/src/components/touch-passes/bundles'
import { touchPassStatuses } from '../../../src/shared/access/touch-passes'

const messages = join(process.cwd(), 'src/shared/i18n/messages')
const catalogue = (area: string, language: string) =>
  JSON.parse(readFileSync(join(messages, area, `${language}.json`), 'utf8')) as Record<string, string>
const words = (area: string, language: string) => new Translator(language as 'en', catalogue(area, language))

/**
 * Every message a status reaches (a `{status}` placeholder, or `{source}`: a device's wallet as the console names it), by who gives the status: the console (its own
 * code, which may be one the app has no word for) or the app (a word or a number the app chose). A console's
 * code the app has no word for is said as given, labelled as the console's words ("the console's words", the
 * label Audit gives the console's own `msg`), never as a bare code in a sentence of another language.
 */
const CONSOLE_STATUS: Record<string, string> = {
  // A pass's status changed to one Audit has no word for (shared/audit/detail-words.ts).
  'audit/fact.pass.status': 'a Touch Pass status recorded by Audit',
  // A pass read back after a lost answer, still in its status (main's touch-passes/touch-pass-service.ts).
  'errors/READ_BACK.pass-still-status.message': 'a Touch Pass read back',
  // A device's status on a pass (bundle_status) other than ACTIVE or SUSPENDED (touch-passes/bundles.ts).
  'touchPasses/bundle.other': 'a device bundle’s status',
  // A device's wallet (a bundle's `source`) other than apple or google (touch-passes/bundles.ts).
  'touchPasses/wallet.other': 'a device bundle’s wallet'
}
const APP_STATUS: Record<string, string> = {
  'cards/status.option': 'the filter’s own status word',
  'cards/status.optionDeleted': 'the filter’s own status word',
  'consoles/hit.cardStatus': 'a card status of the app’s enum (fleet find)',
  'consoles/hit.passStatus': 'a pass status of the app’s enum (fleet find)',
  'errors/SERVER_FAILED.message': 'an HTTP status number',
  'shell/reach.why': 'an HTTP status number',
  'today/live.why.answered': 'an HTTP status number',
  'import/csv.statusReadAsHex': 'a CSV line’s status in the app’s words',
  'import/csvFix.checked': 'a CSV line’s status in the app’s words',
  'import/csvFix.checkedWhy': 'a CSV line’s status in the app’s words',
  'import/csvLeftOut.putBackDone': 'a CSV line’s status in the app’s words',
  'import/csvLeftOut.putBackDoneWhy': 'a CSV line’s status in the app’s words',
  'roster/said.inactiveVisitor': 'cancelled or over, the app’s choice'
}

/** The label of the console's own words in a language (Audit's, the one the app gives them). */
const label = (language: string) => catalogue('audit', language)['detail.consoleWords']!

describe('a console’s status the app has no word for is said as given, labelled as the console’s words', () => {
  it('knows who gives every status a message says (a new one is placed in one list or the other)', () => {
    const found = readdirSync(messages).flatMap((area) =>
      Object.entries(catalogue(area, 'en'))
        .filter(([, text]) => /\{(status|source)[},]/.test(text))
        .map(([key]) => `${area}/${key}`)
    )
    expect(found.sort()).toEqual([...Object.keys(CONSOLE_STATUS), ...Object.keys(APP_STATUS)].sort())
  })

  it('every message of a console’s status, in every language: the code as given, and the label', () => {
    const wrong: string[] = []
    for (const place of Object.keys(CONSOLE_STATUS)) {
      const [area, key] = place.split(/\/(.*)/) as [string, string]
      for (const language of LANGUAGES) {
        const text = words(area, language).t(key, { status: 'LOST_KEY', source: 'LOST_KEY' })
        if (!text.includes('LOST_KEY') || !text.includes(label(language))) wrong.push(`${language} ${place}: ${text}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('Audit, a read-back and Touch Passes say such a status so, and each known one in the language’s own word', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const w = {
        audit: words('audit', language),
        badges: words('badges', language),
        field: (s: string) => s,
        state: (s: string) => s
      } as unknown as DetailWords
      const audit = factWords({ kind: 'passChanged', status: 'LOST_KEY' }, w)
      expect(audit).toContain('LOST_KEY')
      expect(audit).toContain(label(language))
      const bundle = bundleStatusLabel('REVOKED', words('touchPasses', language) as never)
      expect(bundle).toContain('REVOKED')
      expect(bundle).toContain(label(language))
      const wallet = walletLabel('samsung', words('touchPasses', language) as never)
      expect(wallet).toContain('samsung')
      expect(wallet).toContain(label(language))
      expect(walletLabel('apple', words('touchPasses', language) as never)).toBe('Apple Wallet')
      // Main reads back a pass in any of its statuses (lowercase): each in this language's words.
      for (const status of touchPassStatuses.map((s) => s.toLowerCase())) {
        const said = sayError(
          {
            kind: 'network',
            code: 'TIMEOUT',
            message: `The console's answer was lost; reading the pass back shows it is still ${status}.`,
            retryable: false,
            details: { answerLost: true, readBack: 'pass-still-status', status }
          },
          words('errors', language)
        )
        expect(said.english, `${language} ${status}`).toBeUndefined()
        expect(said.message, `${language} ${status}`).not.toMatch(new RegExp(`\\b${status}\\b|${label(language)}`))
      }
    }
  })
})
