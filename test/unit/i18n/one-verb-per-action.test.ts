import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * One verb for one action: a button that opens a confirmation says the verb its dialog's title asks
 * about ("Take back from Ben Ng…" → "Take card 100007 back from Ben Ng?"), in every language — not
 * "Unassign" on the button and "take back" in the dialog, the guide and the Audit. Taking a credential
 * back is one action on every screen that offers it (Cards, Touch Passes, Visitors' cards); removing a
 * PIN is another (the PIN is gone, not kept in an inventory).
 */
const dir = join(__dirname, '../../../src/shared/i18n/messages')
const languages = ['en', 'de', 'fr', 'es'] as const

/** [area, the button's key, its dialog title's key] */
const buttonsAndTitles: [string, string, string][] = [
  ['cards', 'unassign.open', 'unassign.title'],
  ['touchPasses', 'takeBack.open', 'takeBack.title'],
  ['visitors', 'cards.remove', 'cards.removeTitle'],
  ['visitors', 'cards.removeLabel', 'cards.removeTitle'],
  ['pins', 'remove.button', 'remove.title'],
  ['visitors', 'pin.remove', 'pin.removeTitle']
]

/** The verb of a button's words: German puts the infinitive last ("Von {name} zurücknehmen…"), the others first. */
function verbOf(language: string, words: string): string {
  const plain = words
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/[…?¿!.,]/g, ' ')
    .trim()
    .split(/\s+/)
  return (language === 'de' ? plain[plain.length - 1] : plain[0])!.toLowerCase()
}

const catalogue = (area: string, language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(dir, area, `${language}.json`), 'utf8')) as Record<string, string>

describe('a button and its dialog title say one verb for one action, in every language', () => {
  for (const language of languages)
    for (const [area, button, title] of buttonsAndTitles)
      it(`${language}: ${area} ${button} ~ ${title}`, () => {
        const words = catalogue(area, language)
        const verb = verbOf(language, words[button]!)
        expect(words[title]!.toLowerCase(), `"${words[button]}" vs "${words[title]}"`).toContain(verb)
      })

  it('the take-back buttons say the same verb on Cards, Touch Passes and Visitors', () => {
    for (const language of languages) {
      const verbs = new Set(
        [
          catalogue('cards', language)['unassign.open']!,
          catalogue('touchPasses', language)['takeBack.open']!,
          catalogue('visitors', language)['cards.remove']!
        ].map((w) => verbOf(language, w))
      )
      expect([...verbs], language).toHaveLength(1)
    }
  })

  it("the Audit names a take back by the buttons' verb (its noun in French and Spanish: the same stem)", () => {
    for (const language of languages) {
      const stem = verbOf(language, catalogue('cards', language)['unassign.open']!).slice(0, 4)
      const audit = catalogue('audit', language)['action.unassign']!
      expect(audit.toLowerCase(), `${language}: "${audit}"`).toContain(stem)
    }
  })
})
