import { describe, expect, it, vi } from 'vitest'
import { parse } from '@formatjs/icu-messageformat-parser'
import { readFileSync } from 'node:fs'

// The renderer's build hands every catalogue parsed (electron.vite.config.ts precompiledMessages): the
// common area's English is given here as it arrives there.
vi.mock('../../../src/shared/i18n/messages/common/en.json', async (importOriginal) => {
  const text = ((await importOriginal()) as { default: Record<string, string> }).default
  const parsed = Object.fromEntries(Object.entries(text).map(([key, message]) => [key, parse(message)]))
  return { default: parsed }
})

/**
 * A French desk was shown main's English for a PIN read back after a lost answer: the renderer's
 * read-back sentence was the parsed tree, so sayError's check of main's English never matched.
 */
describe('the read-back sentence with the catalogue parsed, as the renderer has it', () => {
  it('is main’s English sentence, and a French desk words main’s PIN read-back in French', async () => {
    const { readBackEnglish, afterOutcome } = await import('../../../src/shared/read-back-words')
    const file = new URL('../../../src/shared/i18n/messages/common/en.json', import.meta.url)
    const sentence = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)['readBack']!
    expect(readBackEnglish).toBe(sentence)

    const { sayError } = await import('../../../src/shared/errors-wording')
    const { Translator } = await import('../../../src/shared/i18n/translator')
    const en = (await import('../../../src/shared/i18n/messages/errors/en.json')).default
    const fr = (await import('../../../src/shared/i18n/messages/errors/fr.json')).default
    const name = 'Chloé Perdue'
    const said = sayError(
      {
        kind: 'network',
        code: 'ECONNRESET',
        retryable: true,
        message: afterOutcome(`${name} holds a PIN now; if it is not the one shown, assign again.`, sentence),
        hint: 'Their PIN changed just now, so it is most likely the one shown.',
        details: { answerLost: true, pinHeldNow: true, pinChanged: true, readBack: 'pin-held', name }
      },
      new Translator('fr', fr),
      undefined,
      new Translator('en', en)
    )
    expect(said.message).toContain('Chloé Perdue a maintenant un PIN')
    expect(said.english).toBeUndefined()
  })
})
