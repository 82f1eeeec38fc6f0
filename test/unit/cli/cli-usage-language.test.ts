import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ArgsError, type UsageKey } from '../../../src/cli/args'
import { usageWords } from '../../../src/main/cli-usage-words'
import { LANGUAGES, type Language } from '../../../src/shared/i18n/locales'
import { tempDir } from '../../support/temp'
import { cli } from './support'

vi.setConfig({ testTimeout: 240_000 })

/**
 * Every mistake in a command line is said in the CLI's language (src/main/cli-usage-words.ts, from the
 * CLI's catalogue messages/cli `usage.*`), as its JSON errors' `said` is: run in a German shell, each
 * usage error prints no English sentence. A usage error the catalogue has and no case below runs, nor
 * named as said only at a terminal, fails; so does an English literal written to stderr by the CLI's code.
 */
const catalogue = (language: Language) =>
  JSON.parse(readFileSync(join(process.cwd(), `src/shared/i18n/messages/cli/${language}.json`), 'utf8')) as Record<
    string,
    string
  >
const usageKeys = Object.keys(catalogue('en')).filter((k) => k.startsWith('usage.')) as UsageKey[]

/** A word of a sentence: not part of an option (--all-consoles), a channel or a variable ($ACCESS_DESK_DATA). */
const WORD = /(?<![\w$.-])[A-Za-z]{2,}(?![\w.-])/g

/**
 * The English sentences of a message: its words between placeholders (and in its select's branches),
 * three words or more, so a name or an option the languages share is not taken for English.
 */
function englishOf(key: UsageKey): string[] {
  const message = catalogue('en')[key]!
  return message
    .split(/[{}]/)
    .map((piece) => piece.replace(/^\s*\w+, (?:select|plural|number),?\s*\w*\s*$/, '').trim())
    .filter((piece) => (piece.match(WORD) ?? []).length >= 3)
}

/** Every English sentence of the usage errors, with its key. */
const english = usageKeys.flatMap((key) => englishOf(key).map((sentence) => ({ key, sentence })))

const sample = {
  flag: '--page',
  example: '\'{"id":"…"}\'',
  option: '-x',
  channel: 'users.list',
  guess: 'yes',
  names: 'users.list, users.get',
  languages: 'en, de, fr, es',
  given: 'jp',
  folder: '/srv/desk',
  fromEnv: 'yes',
  defaultFolder: '/home/a/.config/access-desk-node',
  reads: 'cards.view',
  command: "printf '%s' \"$TOKEN\" | access-desk connections.save '{…}'",
  keep: 'yes',
  path: 'pgae',
  name: 'Site',
  saved: '"Site"',
  count: 2,
  words: 'a b',
  where: 'stdin',
  text: '{x',
  hasFields: 'yes',
  fields: '--page, --pageSize',
  message: '„28.11.26“ …'
}

describe('the CLI’s usage errors in the shell’s language', () => {
  it('every usage error is worded in German, French and Spanish with no English sentence of it', () => {
    expect(usageKeys.length).toBeGreaterThan(30)
    for (const language of LANGUAGES.filter((l) => l !== 'en'))
      for (const key of usageKeys) {
        const said = usageWords(new ArgsError(key, sample), language)
        for (const sentence of englishOf(key)) expect(said, `${language} ${key}`).not.toContain(sentence)
        // A message of placeholders only (a typed date's, worded where it is read) reads alike in every language.
        if (englishOf(key).length > 0)
          expect(said, `${language} ${key}`).not.toBe(usageWords(new ArgsError(key, sample), 'en'))
      }
  })

  it('the CLI’s code writes no words of its own to stderr: each goes through the catalogue', () => {
    const files = [
      ...readdirSync('src/cli').map((f) => join('src/cli', f)),
      ...readdirSync('src/main')
        .filter((f) => f.startsWith('cli'))
        .map((f) => join('src/main', f))
    ].filter((f) => f.endsWith('.ts') && !f.endsWith('help.ts'))
    const literals = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:stderr\.write|ArgsError)\(\s*(['"`])([^'"`]*)\1/g)]
        .filter(([, , text]) => /[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(text!))
        .map(([match]) => `${file}: ${match}`)
    )
    expect(literals).toEqual([])
  })

  describe('run in a German shell', () => {
    let empty: Awaited<ReturnType<typeof tempDir>>
    let sites: Awaited<ReturnType<typeof tempDir>>
    let unreadable: Awaited<ReturnType<typeof tempDir>>
    let demoActive: Awaited<ReturnType<typeof tempDir>>
    let noneActive: Awaited<ReturnType<typeof tempDir>>
    const fingerprint = Array.from({ length: 32 }, () => 'AB').join(':')
    const site = {
      id: 's1',
      name: 'Site',
      url: 'https://127.0.0.1:9',
      fingerprint256: fingerprint,
      certificatePems: [],
      demo: false,
      tokenStorage: 'none'
    }
    const demo = { ...site, id: 'demo', name: 'Demo', url: '', demo: true, tokenStorage: 'demo' }
    const profiles = (dir: string, file: unknown) => writeFileSync(join(dir, 'profiles.json'), JSON.stringify(file))

    beforeAll(async () => {
      empty = await tempDir()
      sites = await tempDir()
      unreadable = await tempDir()
      demoActive = await tempDir()
      noneActive = await tempDir()
      profiles(sites.path, { profiles: [site, demo], activeId: 's1' })
      profiles(unreadable.path, { profiles: 5 })
      profiles(demoActive.path, { profiles: [site, demo], activeId: 'demo' })
      profiles(noneActive.path, { profiles: [site], activeId: null })
    })
    afterAll(async () => {
      await Promise.all([empty, sites, unreadable, demoActive, noneActive].map((d) => d?.remove()))
    })

    /** The command line (and standard input) that makes each usage error. */
    /** `shows`: German words the error holds when its message is all placeholders (a typed date's). */
    type Run = { args: string[]; stdin?: string; shows?: string }
    const cases = (): Record<UsageKey, Run | string> => {
      const d = ['--data', empty.path]
      return {
        'usage.seeHelp': 'said after every mistake found in the words themselves (usage.needsValue and others below)',
        'usage.needsValue': { args: ['users.list', '--console'] },
        'usage.takesNoValue': { args: ['--demo=yes', 'users.list'] },
        'usage.unknownOption': { args: ['users.list', '-x'] },
        'usage.unknownChannel': { args: ['users.lst'] },
        'usage.everyChannel': 'said after an unknown channel (usage.unknownChannel)',
        'usage.languageTakes': { args: [...d, '--language', 'jp', 'audit.list'] },
        'usage.noDataFolder': { args: ['--data', join(empty.path, 'typo'), 'users.list'] },
        'usage.streamNoList': { args: [...d, '--stream', 'pins.generate'] },
        'usage.tablePeopleOnly': { args: [...d, '--table', 'pins.generate'] },
        'usage.allConsolesReadsOnly': { args: [...d, '--all-consoles', 'pins.generate'] },
        'usage.timeoutWithAllConsoles': { args: [...d, '--timeout', '5', 'cards.view'] },
        'usage.timeoutSeconds': { args: [...d, '--all-consoles', '--timeout', '0', 'cards.view'] },
        'usage.allConsolesNoChoice': { args: [...d, '--all-consoles', '--demo', 'cards.view'] },
        'usage.tokenChannelStdin': { args: [...d, 'connections.changeToken', '-'] },
        'usage.tokenNotInArgv': { args: [...d, 'connections.changeToken', '{"id":"s1","token":"t"}'] },
        'usage.noTokenOnStdin': { args: [...d, 'connections.changeToken', '--id', 's1'], stdin: '' },
        'usage.tokenTooLong': { args: [...d, 'connections.changeToken', '--id', 's1'], stdin: 'x'.repeat(70_000) },
        'usage.tokenPrompt':
          'asked at a terminal only; its words are checked with every usage error’s (the first test)',
        'usage.profilesUnreadable': { args: ['--data', unreadable.path, 'cards.view'] },
        'usage.demoAndConsole': { args: ['--data', sites.path, '--demo', '--console', 'Site', 'cards.view'] },
        'usage.consoleIsDemo': { args: ['--data', sites.path, '--console', 'Demo', 'cards.view'] },
        'usage.noConsoleNamed': { args: ['--data', sites.path, '--console', 'Nowhere', 'cards.view'] },
        'usage.activeIsDemo': { args: ['--data', demoActive.path, 'cards.view'] },
        'usage.noActiveConsole': { args: ['--data', noneActive.path, 'cards.view'] },
        'usage.oneJsonInput': { args: [...d, 'users.list', 'a', 'b'] },
        'usage.notJson': { args: [...d, 'users.list', '{page'] },
        'usage.notAnObject': { args: [...d, 'users.list', '[1]', '--page', '2'] },
        'usage.noSuchField': { args: [...d, 'users.list', '--pgae', '2'] },
        'usage.trueOrFalse': { args: [...d, 'cards.assign', '--token', 'T', '--force=maybe'] },
        'usage.notNegatable': { args: [...d, 'users.list', '--no-page'] },
        'usage.fieldNeedsValue': { args: [...d, 'users.list', '--page'] },
        'usage.typedDate': { args: [...d, 'audit.list', '--filter.to', '28.11.26'], shows: 'anderes Datum' },
        'usage.takesNumber': { args: [...d, 'users.list', '--page', 'two'] },
        'usage.takesJson': { args: [...d, 'audit.list', '--filter', '{x'] },
        'usage.stdinIsTerminal': 'said only when standard input is a terminal',
        'usage.stdinTooLarge': 'said only past 64 MB on standard input'
      }
    }

    it('has a case, or a reason it runs none, for every usage error of the catalogue', () => {
      expect(Object.keys(cases()).sort()).toEqual([...usageKeys].sort())
    })

    it('each is said in German (exit 2), with no English sentence of any usage error', async () => {
      const german = { LANG: 'de_DE.UTF-8', LC_ALL: '', LC_MESSAGES: '' }
      const germanOf = (key: UsageKey) => {
        const message = catalogue('de')[key]!
        return message
          .split(/[{}]/)
          .map((p) => p.trim())
          .filter((p) => (p.match(/[A-Za-zäöüß]{2,}/g) ?? []).length >= 2 && !/, (select|number)/.test(p))
      }
      const runs = (Object.entries(cases()) as [UsageKey, Run | string][]).filter(
        (entry): entry is [UsageKey, Run] => typeof entry[1] !== 'string'
      )
      // One at a time: each is a process of its own that takes the data folder for itself (one process per
      // folder), so two at once may meet DATA_DIR_IN_USE (exit 1) instead of their usage error.
      for (let i = 0; i < runs.length; i += 1) {
        const part = runs.slice(i, i + 1)
        const answers = await Promise.all(part.map(([, run]) => cli(run.args, { env: german, stdin: run.stdin })))
        part.forEach(([key, run], j) => {
          const said = answers[j]!
          expect(said.code, key).toBe(2)
          expect(said.stdout, key).toBe('')
          // The error of this case, in German.
          expect(said.stderr, key).toContain(run.shows ?? germanOf(key)[0])
          for (const { key: of, sentence } of english)
            expect(said.stderr, `${key}: English of ${of}`).not.toContain(sentence)
        })
      }
    })
  })
})
