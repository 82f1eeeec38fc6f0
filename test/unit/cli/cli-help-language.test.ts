import { describe, expect, it, vi } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildCatalog } from '../../../src/cli/catalog'
import type { CatalogChannel } from '../../../src/cli/catalog-types'
import { channelHelp, shape, usage, type HelpWords } from '../../../src/cli/help'
import { cliWords } from '../../../src/shared/i18n/file-words'
import { ArgsError } from '../../../src/cli/args'
import { usageWords } from '../../../src/main/cli-usage-words'
import { LANGUAGES, type Language } from '../../../src/shared/i18n/locales'
import { cli } from './support'

vi.setConfig({ testTimeout: 120_000 })

/**
 * `--help` and `<channel> --help` in the CLI's language (`--language`, else the shell's): every sentence
 * of them is the CLI's catalogue's (messages/cli, `help.*`). What stays as typed in every language is
 * left out of the comparison: options (`--all-consoles`, `--pageSize <integer>`), channel names, `$VARS`,
 * paths, quoted values, the schema's shapes, and a channel's summary (the contract's English here; the built
 * command says it in its language, test/unit/cli/cli-channel-summaries.test.ts).
 */
const root = process.cwd()
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
const catalog = buildCatalog(version)
const catalogue = (language: Language) =>
  JSON.parse(readFileSync(join(root, `src/shared/i18n/messages/cli/${language}.json`), 'utf8')) as Record<
    string,
    string
  >

/** The words of a sentence in a help text, line by line, with what is typed as it is taken out. */
function sentenceLines(text: string, channel?: CatalogChannel): string[][] {
  let rest = text
  if (channel) {
    rest = rest.split(channel.summary).join(' ')
    for (const schema of [channel.input, channel.output]) rest = rest.split(shape(schema)).join(' ')
  }
  return rest.split('\n').map((line) =>
    line
      .replace(/--[\w.-]+(?: <[^>]*>)?/g, ' ')
      .replace(/"[^"]*"|'[^']*'/g, ' ')
      // JSON's field names: `[{console, ok, result | error}]`.
      .replace(/\{[^{}]*\}/g, ' ')
      // A token with punctuation inside: a channel (cards.get), a path, a URL, $LANG, access-desk.
      .replace(/\S*[\w~$][./$_<>{}[\]|:@-][\w~$]\S*|\$\w+/g, ' ')
      .split(/[^A-Za-zÀ-ÿ'’]+/)
      // Upper case only: a placeholder word (NAME, JSON, NDJSON) the languages may share; and the codes
      // --language takes (en, de, fr, es).
      .filter((w) => w.length >= 2 && w !== w.toUpperCase() && !LANGUAGES.includes(w as Language))
  )
}

/** Three words in a row, as `a b c`. */
const trigrams = (words: string[]) => words.slice(2).map((w, i) => `${words[i]} ${words[i + 1]} ${w}`)

/** The English runs of three words (line by line) a text in another language must not hold. */
function englishIn(english: string, other: string, channel?: CatalogChannel): string[] {
  const theirs = new Set(trigrams(sentenceLines(other, channel).flat()))
  return sentenceLines(english, channel)
    .flatMap(trigrams)
    .filter((t) => theirs.has(t))
}

/** The help's words in a language, with every key asked for noted. */
function noting(language: Language, used: Set<string>): HelpWords {
  const words = cliWords(language)
  return {
    t: (key, values) => {
      used.add(key)
      return words.t(key, values)
    }
  }
}

describe('the CLI’s help in the CLI’s language', () => {
  const others = LANGUAGES.filter((l) => l !== 'en')

  it('--help in German, French and Spanish holds no English sentence of the English --help', () => {
    const english = usage(catalog, cliWords('en'))
    expect(sentenceLines(english).flat().length).toBeGreaterThan(100)
    for (const language of others) {
      const said = usage(catalog, cliWords(language))
      expect(englishIn(english, said), language).toEqual([])
      // The typed parts stay: every channel, the options, the exit codes.
      for (const { name } of catalog.channels) expect(said, language).toContain(name)
      for (const option of ['--console', '--all-consoles', '--language', '--data']) expect(said).toContain(option)
      expect(said).toMatch(/\n\s+0 .*\n\s+1 .*\n\s+2 .*\n\s+3 .*\n\s+4 /)
    }
  })

  it('each channel’s --help in German, French and Spanish holds no English sentence of its English help', () => {
    for (const channel of catalog.channels) {
      const english = channelHelp(channel, cliWords('en'))
      for (const language of others) {
        const said = channelHelp(channel, cliWords(language))
        expect(englishIn(english, said, channel), `${language} ${channel.name}`).toEqual([])
        // Field names and shapes are typed: the same in every language.
        expect(said).toContain(shape(channel.output))
      }
    }
    // The check itself: the English help holds English runs of words, found in itself.
    const usersList = catalog.channels.find((c) => c.name === 'users.list')!
    const english = channelHelp(usersList, cliWords('en'))
    expect(englishIn(english, english, usersList).length).toBeGreaterThan(10)
  })

  it('asks the catalogue for keys all four languages have, and for every help key the catalogue has', () => {
    const used = new Set<string>()
    for (const language of LANGUAGES) {
      usage(catalog, noting(language, used))
      for (const channel of catalog.channels) channelHelp(channel, noting(language, used))
    }
    const helpKeys = Object.keys(catalogue('en')).filter((k) => k.startsWith('help.'))
    expect(helpKeys.length).toBeGreaterThan(20)
    expect([...used].sort()).toEqual(helpKeys.sort())
    for (const language of LANGUAGES)
      expect(
        [...used].filter((key) => !(key in catalogue(language))),
        language
      ).toEqual([])
  })

  describe('the built command', () => {
    const shell = (lang: string) => ({ LANG: lang, LC_ALL: '', LC_MESSAGES: '' })

    it('answers --help --language de in German, and a channel’s --help in a French shell in French', async () => {
      const german = await cli(['--help', '--language', 'de'], { env: shell('en_US.UTF-8') })
      expect(german).toEqual({ code: 0, stdout: usage(catalog, cliWords('de')), stderr: '' })
      const visitors = catalog.channels.find((c) => c.name === 'visitors.list')!
      const french = await cli(['visitors.list', '--help'], { env: shell('fr_FR.UTF-8') })
      // Its summary in French too (src/shared/i18n/channel-summaries, held by cli-channel-summaries.test.ts).
      const summary = (
        JSON.parse(readFileSync(join(root, 'src/shared/i18n/channel-summaries/fr.json'), 'utf8')) as Record<
          string,
          string
        >
      )['visitors.list']!
      expect(french).toEqual({ code: 0, stdout: channelHelp({ ...visitors, summary }, cliWords('fr')), stderr: '' })
      // No channel at all: the usage on stderr, in the shell's language.
      const none = await cli([], { env: shell('es_ES.UTF-8') })
      expect(none).toEqual({ code: 2, stdout: '', stderr: usage(catalog, cliWords('es')) })
    })

    it('says a --language it does not speak as a usage error, not the help in English', async () => {
      const jp = await cli(['--help', '--language', 'jp'], { env: shell('de_DE.UTF-8') })
      expect(jp.code).toBe(2)
      expect(jp.stdout).toBe('')
      const languages = LANGUAGES.join(', ')
      expect(jp.stderr).toBe(usageWords(new ArgsError('usage.languageTakes', { languages, given: 'jp' }), 'de'))
    })
  })
})
