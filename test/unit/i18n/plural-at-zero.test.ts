import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'

/**
 * A count of 0 in a language whose `one` covers 0 (French: CLDR's `one` is 0 and 1) takes the `one`
 * branch. Written as "la # carte" it read "parmi la 0 carte de la console". Every plural message of
 * every catalogue is held to it: where 0 falls in `one` and that branch puts an article (or a
 * possessive or demonstrative) before the count, the message has an `=0` branch of its own.
 */
const messages = join(__dirname, '../../../src/shared/i18n/messages')
const languages = ['en', 'de', 'fr', 'es'] as const

/** The words that agree with a count of one when written right before it, per language whose `one` holds 0. */
const beforeCount: Partial<Record<(typeof languages)[number], RegExp>> = {
  fr: /(?:^|[\s(«’'])(?:le|la|l’|l'|les|un|une|sa|son|ses|leur|ce|cet|cette|du|au|seul|seule)\s*$/i
}

/** Each plural (and selectordinal) element of a message, however deep. */
function* plurals(elements: MessageFormatElement[]): Generator<MessageFormatElement & { type: TYPE.plural }> {
  for (const el of elements) {
    if (el.type === TYPE.plural) yield el
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) yield* plurals(option.value)
    if (el.type === TYPE.tag) yield* plurals(el.children)
  }
}

describe('a count of 0', () => {
  it('never reads "la 0 carte": where 0 is `one`, a `one` branch with an article before # has an `=0` branch', () => {
    const found: string[] = []
    let checked = 0
    for (const area of readdirSync(messages))
      for (const lang of languages) {
        const zeroIsOne = new Intl.PluralRules(lang).select(0) === 'one'
        const catalogue = JSON.parse(readFileSync(join(messages, area, `${lang}.json`), 'utf8')) as Record<
          string,
          string
        >
        for (const [key, text] of Object.entries(catalogue))
          for (const plural of plurals(parse(text))) {
            checked++
            const one = plural.options.one?.value
            if (!zeroIsOne || one === undefined || plural.options['=0'] !== undefined) continue
            const article = beforeCount[lang]
            // A language whose `one` takes 0 needs its words listed here before it can be held.
            if (article === undefined) throw new Error(`${lang}: 0 is "one"; list the words that agree with one`)
            for (let i = 1; i < one.length; i++) {
              const before = one[i - 1]!
              if (one[i]!.type === TYPE.pound && before.type === TYPE.literal && article.test(before.value))
                found.push(`${lang} ${area} ${key}: ${text}`)
            }
          }
      }
    expect(checked).toBeGreaterThan(100)
    expect(found).toEqual([])
  })
})
