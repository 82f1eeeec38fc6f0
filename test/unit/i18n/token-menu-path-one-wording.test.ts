import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LANGUAGES, type Language } from '../../../src/shared/i18n/locales'
import { Translator } from '../../../src/shared/i18n/translator'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'

const root = 'src/shared/i18n/messages'
/** Where a token's permission keys are set on the console, as each language's console menus name it. */
const expected: Record<Language, string> = {
  en: 'Access → Settings → General → Advanced → API Token',
  de: 'Access → Einstellungen → Allgemein → Erweitert → API-Token',
  fr: 'Access → Paramètres → Général → Avancé → Jeton API',
  es: 'Access → Ajustes → General → Avanzado → Token de API'
}

/** Every placeholder of a message given (but the path's): a number fits a plain argument, a plural and a select's `other`. */
function anyValues(message: string): Record<string, number> {
  const values: Record<string, number> = {}
  const walk = (elements: MessageFormatElement[]): void => {
    for (const el of elements) {
      if ('value' in el && typeof el.value === 'string' && el.type !== TYPE.literal) {
        if (el.value !== 'tokenPath') values[el.value] = 1
      }
      if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) walk(o.value)
      if (el.type === TYPE.tag) walk(el.children)
    }
  }
  walk(parse(message))
  return values
}

function catalogue(area: string, language: Language): Record<string, string> {
  return JSON.parse(readFileSync(join(root, area, `${language}.json`), 'utf8')) as Record<string, string>
}

/**
 * The console's menu path to the API token is worded one way per language, the same in every banner,
 * note and error that names it (Touch Passes' view-only banner said it in English under a German desk
 * while the visitor form's error said it in German).
 */
describe("the console's menu path to the API token: one wording per language, wherever it is named", () => {
  const areas = readdirSync(root).filter((area) => readdirSync(join(root, area)).includes('en.json'))
  const naming = areas.flatMap((area) => {
    const messages = catalogue(area, 'en')
    const en = new Translator('en', messages)
    return Object.keys(messages)
      .filter((key) => en.t(key, anyValues(messages[key]!)).includes(expected.en))
      .map((key) => [area, key] as const)
  })

  it('finds the messages that name it (the banner, the errors, Settings)', () => {
    expect(naming).toEqual(
      expect.arrayContaining([
        ['shell', 'permission.note'],
        ['errors', 'PERMISSION_MISSING.hint'],
        ['settings', 'check.missing']
      ])
    )
  })

  it('each says it through {tokenPath}, the one wording (shared/i18n/token-menu-path.ts), never its own', () => {
    const own = naming.filter(([area, key]) => LANGUAGES.some((l) => !catalogue(area, l)[key]!.includes('{tokenPath}')))
    expect(own).toEqual([])
  })

  for (const language of LANGUAGES) {
    it(`${language}: every message names it as ${expected[language]}`, () => {
      const wrong = naming.filter(([area, key]) => {
        const messages = catalogue(area, language)
        const said = new Translator(language, messages).t(key, anyValues(messages[key]!))
        return !said.includes(expected[language])
      })
      expect(wrong).toEqual([])
    })
  }
})
