import { describe, expect, it, vi } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ArgsError, parseArgs } from '../../../src/cli/args'
import { buildCatalog } from '../../../src/cli/catalog'
import { channelInput } from '../../../src/main/cli-input'
import { cliLanguage, withLanguageField } from '../../../src/main/cli-language'
import { usageWords } from '../../../src/main/cli-usage-words'
import { peopleTable } from '../../../src/main/cli-output'
import { isoInZone } from '../../../src/main/services/audit/iso-in-zone'
import type { Language } from '../../../src/shared/i18n/locales'
import { tempDir } from '../../support/temp'
import { cli } from './support'

const { version } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version: string }
const catalog = buildCatalog(version)
const channel = (name: string) => catalog.channels.find((c) => c.name === name)!

/** The usage error `run` throws, as a shell in `language` reads it. */
function saidOf(run: () => unknown, language: Language): string {
  try {
    run()
    return 'no error'
  } catch (err) {
    return err instanceof ArgsError ? usageWords(err, language) : String(err)
  }
}

function inputOf(argv: string[], language: Language) {
  const args = parseArgs(argv)
  return channelInput(args, channel(args.command!), () => Promise.resolve(''), language)
}

/** Local midnight of a day, as the CLI sends a typed day (this process's zone). */
const midnight = (y: number, m: number, d: number) => isoInZone(new Date(y, m - 1, d))

/**
 * The CLI speaks the shell's language where a person reads or types: the `--table` headers and a
 * typed date, from `--language` or LC_ALL / LC_MESSAGES / LANG, English by default. JSON stays as it is.
 */
describe('the CLI’s language', () => {
  it('from --language, else LC_ALL, LC_MESSAGES, LANG; English by default or for a language we do not speak', () => {
    expect(cliLanguage(undefined, { LANG: 'de_DE.UTF-8' })).toBe('de')
    expect(cliLanguage(undefined, { LANG: 'de_DE.UTF-8', LC_ALL: 'fr_FR.UTF-8' })).toBe('fr')
    expect(cliLanguage(undefined, { LANG: 'en_US.UTF-8', LC_MESSAGES: 'es_ES' })).toBe('es')
    expect(cliLanguage(undefined, { LANG: 'C.UTF-8' })).toBe('en')
    expect(cliLanguage(undefined, { LANG: 'ja_JP.UTF-8' })).toBe('en')
    expect(cliLanguage(undefined, {})).toBe('en')
    expect(cliLanguage('es', { LANG: 'de_DE.UTF-8' })).toBe('es')
    expect(cliLanguage('de-AT', {})).toBe('de')
    expect(() => cliLanguage('jp', {})).toThrow(ArgsError)
    expect(saidOf(() => cliLanguage('jp', {}), 'en')).toBe('--language takes en, de, fr, es, got "jp".\n')
    expect(parseArgs(['users.list', '--language', 'de', '--table'])).toMatchObject({ language: 'de', table: true })
  })

  it('the people table headed in German with LANG=de_DE.UTF-8; the cells as the console gave them', () => {
    const language = cliLanguage(undefined, { LANG: 'de_DE.UTF-8' })
    const visitors = {
      items: [
        { id: 'v1', first_name: 'Jana', last_name: 'Vogel', status: 'UPCOMING', inviter_name: 'Bo', email: 'j@x' }
      ]
    }
    const [header, row] = peopleTable('visitors.list', visitors, language)!.trimEnd().split('\n')
    expect(header).toMatch(/^NAME\s+STATUS\s+GASTGEBER\s+E-MAIL\s+ID$/)
    expect(row).toMatch(/^Jana Vogel\s+UPCOMING\s+Bo\s+j@x\s+v1$/)
    const users = { items: [{ id: 'u1', full_name: 'Ada Ng', employee_number: '7', status: 'ACTIVE' }] }
    expect(peopleTable('users.list', users, language)!.split('\n')[0]).toMatch(/^NAME\s+PERSONALNR\.\s+STATUS\s+ID$/)
    expect(peopleTable('users.list', users, 'fr')!.split('\n')[0]).toMatch(/^NOM\s+MATRICULE\s+STATUT\s+ID$/)
    expect(peopleTable('users.list', users)!.split('\n')[0]).toMatch(/^NAME\s+EMPLOYEE NO\.\s+STATUS\s+ID$/)
  })

  it('a date typed for a date-time field, in the language’s order: the start of that day here', async () => {
    expect(await inputOf(['audit.list', '--filter.from', '28.11.2026'], 'de')).toEqual({
      filter: { from: midnight(2026, 11, 28) }
    })
    expect(await inputOf(['audit.list', '--filter.from', '28/11/2026', '--filter.to', '2026-12-01'], 'fr')).toEqual({
      filter: { from: midnight(2026, 11, 28), to: midnight(2026, 12, 1) }
    })
    expect(await inputOf(['audit.exportCsv', '--filter.from', '11/28/2026'], 'en')).toEqual({
      filter: { from: midnight(2026, 11, 28) }
    })
    // A full instant is passed on as typed.
    const instant = '2026-11-28T09:00:00+01:00'
    expect(await inputOf(['audit.list', '--filter.from', instant], 'de')).toEqual({ filter: { from: instant } })
  })

  it('a typed date that could be two dates, or none, is refused with what to type; one real reading is taken', async () => {
    const said = (input: Promise<unknown>) =>
      input.then(
        () => 'no error',
        (err: unknown) => (err instanceof ArgsError ? usageWords(err, 'de') : String(err))
      )
    expect(await said(inputOf(['audit.list', '--filter.from', '31.02.2026'], 'de'))).toBe(
      '--filter.from: „31.02.2026“ ist kein Datum: Geben Sie es als TT.MM.JJJJ oder als JJJJ-MM-TT ein.\n'
    )
    expect(await said(inputOf(['audit.list', '--filter.to', '28.11.26'], 'de'))).toBe(
      '--filter.to: „28.11.26“ kann 28.11.2026 oder ein anderes Datum sein: Geben Sie es als TT.MM.JJJJ oder als JJJJ-MM-TT ein.\n'
    )
    await expect(inputOf(['audit.list', '--filter.to', '28.11.26'], 'de')).rejects.toThrow(ArgsError)
    // 28 is no month: the only real reading, in either order.
    expect(await inputOf(['audit.list', '--filter.from', '11/28/2026'], 'de')).toEqual({
      filter: { from: midnight(2026, 11, 28) }
    })
    expect(await inputOf(['audit.list', '--filter.from', '28/11/2026'], 'en')).toEqual({
      filter: { from: midnight(2026, 11, 28) }
    })
  })

  it('--language fills a channel’s own language field (an export’s header) unless given; LANG alone does not', () => {
    expect(withLanguageField({ id: 'r' }, true, 'de')).toEqual({ id: 'r', language: 'de' })
    expect(withLanguageField(undefined, true, 'fr')).toEqual({ language: 'fr' })
    expect(withLanguageField({ id: 'r', language: 'es' }, true, 'de')).toEqual({ id: 'r', language: 'es' })
    expect(withLanguageField({ id: 'r' }, false, 'de')).toEqual({ id: 'r' })
    expect(withLanguageField({ id: 'r' }, true, undefined)).toEqual({ id: 'r' })
  })
})

describe('the built CLI in a German shell (LANG=de_DE.UTF-8)', () => {
  // Each call is a process of its own, with the demo console: seconds apiece on a loaded machine.
  vi.setConfig({ testTimeout: 120_000 })
  const german = { LANG: 'de_DE.UTF-8', LC_ALL: '', LC_MESSAGES: '' }

  it('heads the table in German, keeps JSON as it is, and reads a typed day in German order', async () => {
    const data = await tempDir()
    try {
      const run = (...args: string[]) => cli(['--data', data.path, '--demo', ...args], { env: german })
      const table = await run('users.list', '--pageSize', '2', '--table')
      expect(table.code).toBe(0)
      const [header, ...rows] = table.stdout.trimEnd().split('\n')
      expect(header).toMatch(/^NAME\s+E-MAIL\s+PERSONALNR\.\s+STATUS\s+ID$/)
      expect(rows).toHaveLength(2)
      const json = JSON.parse((await run('users.list', '--pageSize', '1')).stdout) as { items: object[] }
      expect(Object.keys(json.items[0]!)).toContain('employee_number')

      expect((await run('audit.list', '--filter.from', '28.11.2026')).code).toBe(0)
      const refused = await run('audit.list', '--filter.from', '31.02.2026')
      expect(refused.code).toBe(2)
      expect(refused.stderr).toBe(
        '--filter.from: „31.02.2026“ ist kein Datum: Geben Sie es als TT.MM.JJJJ oder als JJJJ-MM-TT ein.\n'
      )
    } finally {
      await data.remove()
    }
  })
})
