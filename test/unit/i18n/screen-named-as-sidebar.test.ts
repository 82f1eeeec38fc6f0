import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * A message that tells the person where to go names the screen as the sidebar does, in every language: a German desk
 * told to check a printer "unter Ausweise" must find a screen called Ausweise (it was called Badges). Held for every
 * message of every catalogue and every screen, two ways:
 * - a message that names a screen in English (its sidebar name inside a sentence, not at its start) names it by its
 *   sidebar name in every language;
 * - no message names a screen by another language's sidebar name (German "unter Badges", Spanish "desde Badges").
 */
const messages = join(__dirname, '../../../src/shared/i18n/messages')
const languages = ['en', 'de', 'fr', 'es'] as const
type Language = (typeof languages)[number]
const read = (area: string, lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(messages, area, `${lang}.json`), 'utf8')) as Record<string, string>
const areas = readdirSync(messages)
const shell = Object.fromEntries(languages.map((l) => [l, read('shell', l)])) as Record<
  Language,
  Record<string, string>
>
const screens = Object.keys(shell.en).filter((key) => key.startsWith('screen.'))
const sidebar = (lang: Language, screen: string): string => shell[lang][screen]!

/**
 * The console's own menu (Access → Settings → General → Advanced → API Token) is UniFi Access's, not a screen of
 * this desk: left out before looking for a screen's name.
 */
const withoutConsoleMenu = (text: string): string => text.replace(/Access → [^.:;]*/g, '')

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The name as a word of its own, inside a sentence (after a lower-case word, a comma or a bracket). */
const namedInSentence = (name: string): RegExp => new RegExp(`[\\p{Ll},;)] ${escape(name)}(?![\\p{L}])`, 'u')
const asWord = (name: string): RegExp => new RegExp(`(?<![\\p{L}])${escape(name)}(?![\\p{L}])`, 'u')

/**
 * Screens whose name is also an ordinary word of a message, not a screen's name: PIN (every PIN message, and the
 * French and Spanish sidebar name), Touch Passes (the same in every language), Start (English "Start again").
 */
const ordinaryWords = new Set(['screen.pins', 'screen.touch-passes', 'screen.start'])
const named = screens.filter((screen) => !ordinaryWords.has(screen))

describe('a message names a screen as the sidebar does', () => {
  it('finds the messages that name a screen (the scan itself)', () => {
    const found = areas.flatMap((area) =>
      Object.entries(read(area, 'en')).flatMap(([key, text]) =>
        named.some((s) => namedInSentence(sidebar('en', s)).test(withoutConsoleMenu(text))) ? [`${area} ${key}`] : []
      )
    )
    for (const key of ['today keys.help', 'settings kiosk.lead', 'errors printer.againFromBadges'])
      expect(found, key).toContain(key)
  })

  it('names a screen named in English by its sidebar name in every language', () => {
    const wrong: string[] = []
    for (const area of areas) {
      const words = Object.fromEntries(languages.map((l) => [l, read(area, l)])) as Record<
        Language,
        Record<string, string>
      >
      for (const [key, text] of Object.entries(words.en))
        for (const screen of named) {
          if (!namedInSentence(sidebar('en', screen)).test(withoutConsoleMenu(text))) continue
          for (const lang of languages) {
            const said = words[lang][key] ?? ''
            if (!said.includes(sidebar(lang, screen)))
              wrong.push(`${lang} ${area} ${key}: not “${sidebar(lang, screen)}”`)
          }
        }
    }
    expect(wrong).toEqual([])
  })

  /**
   * The places a message may send the person to that are not screens of the desk: a language, the app itself, the
   * console's own app and menu, a spreadsheet program, the reader's bus.
   */
  const notScreens = new Set(['English', 'Access Desk', 'Access', 'UniFi Access', 'Excel', 'USB'])
  /** "under Credentials", "in Settings → Connections": the capitalised place after a word that sends somewhere. */
  const place = /(?<![\p{L}])(?:under|in|on|from|open|at) (\p{Lu}\p{L}*(?: \p{Lu}\p{L}*)*)/gu

  it('sends the person only to a place the sidebar names (a screen, then its panel: Settings → Connections)', () => {
    // A panel named alone ("under Credentials") is not found in the sidebar: its screen comes first, as the
    // sidebar names it, so the name-in-every-language check above holds it too.
    const sidebarNames = new Set(screens.map((screen) => sidebar('en', screen)))
    const wrong: string[] = []
    for (const area of areas)
      for (const [key, text] of Object.entries(read(area, 'en')))
        for (const [, name] of withoutConsoleMenu(text).matchAll(place))
          if (!sidebarNames.has(name!) && !notScreens.has(name!)) wrong.push(`${area} ${key}: “${name}”`)
    expect(wrong).toEqual([])
  })

  it('names no screen by another language’s sidebar name', () => {
    const wrong: string[] = []
    for (const area of areas)
      for (const lang of languages) {
        const own = new Set(Object.values(shell[lang]))
        for (const [key, text] of Object.entries(read(area, lang)))
          for (const screen of named)
            for (const other of languages) {
              const name = sidebar(other, screen)
              if (own.has(name) || !asWord(name).test(withoutConsoleMenu(text))) continue
              wrong.push(`${lang} ${area} ${key}: “${name}”, the sidebar says “${sidebar(lang, screen)}”`)
            }
      }
    expect([...new Set(wrong)]).toEqual([])
  })
})
