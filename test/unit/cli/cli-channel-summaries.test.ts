import { describe, expect, it, vi } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { channelNames, channels } from '../../../src/shared/ipc/contract'
import { buildCatalog } from '../../../src/cli/catalog'
import { channelHelp } from '../../../src/cli/help'
import { cliWords } from '../../../src/shared/i18n/file-words'
import { LANGUAGES, type Language } from '../../../src/shared/i18n/locales'
import { cli } from './support'

vi.setConfig({ testTimeout: 120_000 })

/**
 * A channel's one-line summary in the CLI's language (`channels`, `<channel> --help`): the contract's
 * English is the source; German, French and Spanish are src/shared/i18n/channel-summaries/<language>.json,
 * keyed by channel name (src/main/cli-summary-words.ts).
 */
const root = process.cwd()
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
const catalog = buildCatalog(version)
const others = LANGUAGES.filter((l): l is Exclude<Language, 'en'> => l !== 'en')
const summaries = (language: Language) =>
  JSON.parse(readFileSync(join(root, `src/shared/i18n/channel-summaries/${language}.json`), 'utf8')) as Record<
    string,
    unknown
  >

/** The words of a text, with what is typed taken out (channel and field names, codes, `quoted`, §3.4, E12). */
const words = (text: string) =>
  text
    .replace(/`[^`]*`|"[^"]*"/g, ' ')
    .replace(/\S*[\w][._:/<>{}-][\w]\S*|\b[A-Z][A-Z0-9_]+\b|\b[a-z]+[A-Z]\w*|§\S+|\bE\d+\b/g, ' ')
    .split(/[^A-Za-zÀ-ÿ'’]+/)
    .filter((w) => w.length >= 2)
    .map((w) => w.toLowerCase())
const trigrams = (text: string) => {
  const w = words(text)
  return w.slice(2).map((last, i) => `${w[i]} ${w[i + 1]} ${last}`)
}

describe('each channel’s summary in German, French and Spanish', () => {
  for (const language of others)
    it(`${language}: every channel of the contract has one, and no channel the contract lacks`, () => {
      const said = summaries(language)
      expect(Object.keys(said).sort(), language).toEqual([...channelNames].sort())
      for (const name of channelNames) {
        const summary = said[name]
        const english = channels[name as keyof typeof channels].summary
        expect(typeof summary, `${language} ${name}`).toBe('string')
        // One line, said as the English one is: help adds its full stop.
        expect(summary, `${language} ${name}`).toMatch(/^\S(?:.*\S)?$/)
        expect(summary, `${language} ${name}`).not.toMatch(/[.\n]$/)
        // Translated: no run of three English words of the English summary.
        const theirs = new Set(trigrams(summary as string))
        expect(
          trigrams(english).filter((t) => theirs.has(t)),
          `${language} ${name}`
        ).toEqual([])
        expect(summary, `${language} ${name}`).not.toBe(english)
      }
    })

  it('the check itself: the English summaries hold English runs of words', () => {
    expect(trigrams(channels['cards.rename'].summary)).toContain('from the alias')
  })

  describe('the built command', () => {
    const shell = (lang: string) => ({ LANG: lang, LC_ALL: '', LC_MESSAGES: '' })
    const de = summaries('de') as Record<string, string>

    it('channels in a German shell lists the German summaries; in English, the contract’s', async () => {
      const german = await cli(['channels'], { env: shell('de_DE.UTF-8') })
      expect(german.code).toBe(0)
      const listed = JSON.parse(german.stdout) as { name: string; summary: string; input: unknown }[]
      expect(listed.map((c) => c.name)).toEqual(channelNames)
      for (const channel of listed) expect(channel.summary, channel.name).toBe(de[channel.name])
      // Only the summary is said in the language: the shapes are the same JSON Schema.
      expect(listed.map((c) => c.input)).toEqual(catalog.channels.map((c) => c.input))

      const english = await cli(['channels'], { env: shell('en_US.UTF-8') })
      const englishList = JSON.parse(english.stdout) as { name: string; summary: string }[]
      expect(englishList.map((c) => c.summary)).toEqual(catalog.channels.map((c) => c.summary))
      // --language says it too, over the shell's.
      const spanish = JSON.parse((await cli(['channels', '--language', 'es'], { env: shell('de_DE.UTF-8') })).stdout)
      expect((spanish as { summary: string }[])[0]!.summary).toBe(summaries('es')['app.info'])
    })

    it('a channel’s --help in German starts with its German summary', async () => {
      for (const [args, env] of [
        [['cards.get', '--help'], shell('de_DE.UTF-8')],
        [['visitors.list', '--help', '--language', 'de'], shell('en_US.UTF-8')]
      ] as const) {
        const name = args[0]
        const channel = catalog.channels.find((c) => c.name === name)!
        const said = await cli([...args], { env })
        expect(said.stderr).toBe('')
        expect(said.stdout.split('\n')[0]).toBe(`access-desk ${name}: ${de[name]}.`)
        expect(said).toEqual({
          code: 0,
          stdout: channelHelp({ ...channel, summary: de[name]! }, cliWords('de')),
          stderr: ''
        })
      }
    })

    it('channels with a --language it does not speak is a usage error', async () => {
      const jp = await cli(['channels', '--language', 'jp'], { env: shell('de_DE.UTF-8') })
      expect(jp).toMatchObject({ code: 2, stdout: '' })
      expect(jp.stderr).toMatch(/--language/)
    })
  })
})
