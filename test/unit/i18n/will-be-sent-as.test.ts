import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Translator } from '../../../src/shared/i18n/translator'
import { LANGUAGES } from '../../../src/shared/i18n/locales'

const read = (language: string) =>
  JSON.parse(
    readFileSync(join(process.cwd(), 'src/shared/i18n/messages/import', `${language}.json`), 'utf8')
  ) as Record<string, string>

/**
 * A row typed in or saved on Import is not sent yet: its announcement says the ID it will be sent as, in
 * the words the rows table uses for a row not sent (`rows.willBeSentAs`), never "sent as".
 */
describe('a row only added or saved says what it will be sent as', () => {
  it.each(LANGUAGES)('%s', (language) => {
    const words = new Translator(language, read(language))
    const willBe = words.t('rows.willBeSentAs')
    const values = { card: 'C', alias: 'A', sent: '04A1B2C3D4E5F6', n: '3' }
    for (const key of ['typed.addedSentAs', 'typed.addedAsSentAs', 'rowSavedSentAs'])
      expect(words.t(key, values), `${language} ${key}`).toContain(`${willBe} 04A1B2C3D4E5F6.`)
  })
})
