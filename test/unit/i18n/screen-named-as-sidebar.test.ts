import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * A hint that tells the person where to go names the screen as the sidebar does, in every language: a German desk
 * told to check a printer "unter Ausweise" must find a screen called Ausweise (it was called Badges).
 */
const messages = join(__dirname, '../../../src/shared/i18n/messages')
const read = (area: string, lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(messages, area, `${lang}.json`), 'utf8')) as Record<string, string>

/** The hints that send the person to the Badges screen. */
const toBadges = [
  'PRINTER_UNREACHABLE.hint',
  'PRINTER_NO_PDF.hint',
  'PRINTER_MEDIA_UNSUPPORTED.hint',
  'PRINTER_REFUSED_JOB.size.hint',
  'PRINTER_NOT_TRUSTED.hint'
]

describe('a hint names a screen as the sidebar does', () => {
  for (const lang of ['en', 'de', 'fr', 'es']) {
    it(`${lang}: every hint that sends the person to Badges uses the sidebar's name`, () => {
      const screen = read('shell', lang)['screen.badges']!
      const errors = read('errors', lang)
      for (const key of toBadges) expect(errors[key], `${lang} ${key}`).toContain(screen)
    })
  }
})
