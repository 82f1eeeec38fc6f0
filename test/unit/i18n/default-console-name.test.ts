import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LANGUAGES } from '../../../src/shared/i18n/locales'
import { Translator } from '../../../src/shared/i18n/translator'
import { consoleNameIn, DEFAULT_CONSOLE_NAME } from '../../../src/shared/console-name'
import { errorForCli } from '../../../src/main/cli-error-words'
import { AppError } from '../../../src/shared/errors'

const common = (language: string) =>
  new Translator(
    language as 'en',
    JSON.parse(
      readFileSync(join(process.cwd(), 'src/shared/i18n/messages/common', `${language}.json`), 'utf8')
    ) as Record<string, string>
  )

/**
 * A profile stored by an earlier version names the built-in console "Demo console" (its profiles.json,
 * its Audit rows): read as the default name, which each language says in its own words; the English
 * catalogue says main's stored name word for word. A name the person typed stays as typed.
 */
describe('the built-in console’s default name', () => {
  it('a stored “Demo console” reads in each language’s words; a typed name as typed', () => {
    expect(common('en').t('console.defaultName')).toBe(DEFAULT_CONSOLE_NAME)
    const shown = LANGUAGES.map((language) => consoleNameIn('Demo console', common(language)))
    expect(shown).toEqual(['Demo console', 'Demo-Konsole', 'Console de démonstration', 'Consola de demostración'])
    for (const language of LANGUAGES) {
      expect(consoleNameIn('HQ view', common(language))).toBe('HQ view')
      expect(consoleNameIn('Demo console HQ', common(language))).toBe('Demo console HQ')
    }
  })

  it('the CLI’s error naming the console says it in the shell’s language; main’s English keeps it', () => {
    const error = new AppError({
      kind: 'auth',
      code: 'NO_TOKEN',
      message: 'No API token is stored for "Demo console".',
      hint: 'Open Settings → Connections and use Change token… on this console.',
      details: { name: 'Demo console' }
    }).toData()
    const german = errorForCli(error, 'de')
    expect(german.message).toBe('No API token is stored for "Demo console".')
    expect(german.said?.message).toBe('Für „Demo-Konsole“ ist kein API-Token gespeichert.')
  })
})
