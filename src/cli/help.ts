import type { Catalog, CatalogChannel, JsonSchema } from './catalog-types'
import { EXIT_CODE_WORDS, type HelpKey } from './exit-codes'
import { CLI_OPTION_NAMES } from './args'
import type { MessageValues, Words } from '../shared/i18n/translator'

/**
 * Every text the CLI prints about itself, made from the catalog (the zod contract as JSON Schema,
 * written at build time): `--help`, `<channel> --help`, and docs/cli-reference.md
 * (scripts/cli-reference.ts). Nothing here describes a channel by hand. The sentences are the CLI's
 * catalogue's (messages/cli, `help.*`) in the CLI's language, handed in as `words` (the launcher loads
 * them, src/main/cli-help-words.ts); what is typed stays as it is in every language: options, channel
 * and field names and the shapes. A channel's summary is the channel's as handed in: the contract's English,
 * or the CLI's language's (the launcher puts it in, src/main/cli-summary-words.ts).
 */

export type { HelpKey }
/** The help's words in one language: a Translator of the CLI's catalogue. */
export type HelpWords = Words<HelpKey>

const WIDTH = 100
/** Stands for a space wrap() never breaks at (inside a command or a JSON example). */
const KEEP = '\u0000'

/**
 * A message's lines wrapped at WIDTH, each line of it on its own; a line that starts with spaces (a
 * command to copy) is kept whole. Later lines start with `indent`, the first with `first` when given.
 */
function wrap(text: string, indent = '', first = indent): string[] {
  const out: string[] = []
  for (const paragraph of text.split('\n')) {
    if (paragraph.startsWith('  ')) {
      out.push(paragraph.replaceAll(KEEP, ' '))
      continue
    }
    let line = out.length ? indent : first
    let empty = true
    let previous = ''
    for (const word of paragraph.split(' ').filter(Boolean)) {
      // Never a line that starts with French punctuation (« : », « ; »): it stays with the word before; nor
      // an option parted from the word after it (`--field value`, `--from 28.11.2026`).
      const held = /^[:;!?»]/.test(word) || /^\(?--/.test(previous)
      previous = word
      if (!empty && line.length + 1 + word.length > WIDTH && !held) {
        out.push(line)
        line = indent
        empty = true
      }
      line += (empty ? '' : ' ') + word
      empty = false
    }
    out.push(line)
  }
  return out.map((l) => l.replaceAll(KEEP, ' '))
}

/** The schema itself when it is an object, else the object alternative of an optional/nullable union. */
export function objectSchema(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema
  for (const alt of schema.anyOf ?? schema.oneOf ?? []) {
    const found = objectSchema(alt)
    if (found) return found
  }
  return undefined
}

/** The alternatives of a union other than null and "nothing" (`{}`, how an optional undefined shows). */
function alternatives(schema: JsonSchema): JsonSchema[] {
  const alts = schema.anyOf ?? schema.oneOf
  if (!alts) return [schema]
  return alts.flatMap(alternatives).filter((a) => a.type !== 'null' && Object.keys(a).length > 0)
}

/** One line for a schema: `string`, `integer`, `"a" | "b"`, `string[]`, `{ id, name? }`. */
export function typeName(schema: JsonSchema, depth = 0): string {
  const alts = alternatives(schema)
  if (alts.length === 0) return 'any'
  if (alts.length > 1) return alts.map((a) => typeName(a, depth)).join(' | ')
  const s = alts[0]!
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ')
  if (s.const !== undefined) return JSON.stringify(s.const)
  if (s.type === 'array') return `${wrapUnion(typeName(s.items ?? {}, depth))}[]`
  if (s.properties) {
    if (depth >= 1) return '{…}'
    const required = new Set(s.required ?? [])
    const keys = Object.keys(s.properties).map((k) => (required.has(k) ? k : `${k}?`))
    return `{ ${keys.join(', ')} }`
  }
  if (Array.isArray(s.type)) return s.type.join(' | ')
  return s.type ?? 'any'
}

const wrapUnion = (t: string) => (t.includes(' | ') ? `(${t})` : t)

/** A schema as an indented TypeScript-like shape, whole (the output of `<channel> --help`). */
export function shape(schema: JsonSchema, indent = ''): string {
  const alts = alternatives(schema)
  if (alts.length > 1) return alts.map((a) => shape(a, indent)).join(' | ')
  const s = alts[0]
  if (!s) return 'any'
  if (s.type === 'array') {
    const item = shape(s.items ?? {}, indent)
    return item.includes('\n') || !item.includes(' | ') ? `${item}[]` : `(${item})[]`
  }
  if (s.properties) {
    const required = new Set(s.required ?? [])
    const inner = indent + '  '
    const lines = Object.entries(s.properties).map(
      ([k, v]) => `${inner}${k}${required.has(k) ? '' : '?'}: ${shape(v, inner)}`
    )
    return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : '{}'
  }
  return typeName(s)
}

/** What a flag takes and the rules the schema states, in words. */
function fieldRules(flag: string, schema: JsonSchema, required: boolean, words: HelpWords): string {
  const rules: string[] = []
  const s = alternatives(schema)[0] ?? schema
  if (required) rules.push(words.t('help.rule.required'))
  // zod's .int() states ±2^53−1 as bounds: not a rule worth saying.
  const min = s.minimum !== undefined && s.minimum > Number.MIN_SAFE_INTEGER ? s.minimum : undefined
  const max = s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER ? s.maximum : undefined
  if (min !== undefined && max !== undefined) rules.push(`${min}–${max}`)
  else if (min !== undefined) rules.push(`≥ ${min}`)
  else if (max !== undefined) rules.push(`≤ ${max}`)
  if (s.maxLength !== undefined) rules.push(words.t('help.rule.atMost', { count: s.maxLength }))
  // A default of null is said as null (`??` would pass it over and say nothing).
  const byDefault = schema.default !== undefined ? schema.default : s.default
  if (byDefault !== undefined) rules.push(words.t('help.rule.default', { value: JSON.stringify(byDefault) }))
  if (s.type === 'array') rules.push(words.t('help.rule.repeat'))
  if (s.type === 'boolean') rules.push(words.t('help.rule.boolean', { flag }))
  if (s.properties) rules.push(words.t('help.rule.object'))
  const description = schema.description ?? s.description
  return [rules.join(', '), description].filter(Boolean).join('. ')
}

/** The `--field value` lines of a channel's input (none for a channel that takes nothing). */
export function inputFlags(channel: CatalogChannel, words: HelpWords): string[] {
  const object = objectSchema(channel.input)
  if (!object?.properties) return []
  const required = new Set(object.required ?? [])
  // An input that may be left out as a whole (today.watch's watcher): its fields are required only
  // once one of them is given, so none is "required" on its own.
  const optionalWhole = object !== channel.input
  const entries = Object.entries(object.properties)
  const left = entries.map(([name, schema]) => `  --${name} <${typeName(schema, 1)}>`)
  const pad = Math.min(40, Math.max(...left.map((l) => l.length)) + 2)
  return entries.map(([name, schema], i) => {
    // A field named like one of the CLI's own options (cards.load's `stream`) is given in the JSON.
    // `language` is the one the CLI's option fills too (src/main/cli-language.ts).
    const clash =
      name === 'language'
        ? words.t('help.rule.languageOption')
        : CLI_OPTION_NAMES.includes(`--${name}`)
          ? words.t('help.rule.jsonOnly', { option: `--${name}` })
          : ''
    const rules = [clash, fieldRules(name, schema, required.has(name) && !optionalWhole, words)]
      .filter(Boolean)
      .join('; ')
    // A name longer than the column still keeps a space before its rules.
    return rules ? `${left[i]!.padEnd(pad - 1)} ${rules}` : left[i]!
  })
}

/** Whether `--stream` writes the channel's answer a line per item. */
export function isList(channel: CatalogChannel): boolean {
  return channel.name === 'cards.load' || objectSchema(channel.output)?.properties?.['items']?.type === 'array'
}

/** Whether `--stream` reads every page (the channel takes `page` and answers `total`). */
export function isPaged(channel: CatalogChannel): boolean {
  return (
    objectSchema(channel.input)?.properties?.['page'] !== undefined &&
    objectSchema(channel.output)?.properties?.['total'] !== undefined
  )
}

function takesInput(channel: CatalogChannel): boolean {
  return objectSchema(channel.input) !== undefined
}

export function channelHelp(channel: CatalogChannel, words: HelpWords): string {
  const flags = inputFlags(channel, words)
  const lines = [`access-desk ${channel.name}: ${channel.summary}.`, '']
  if (takesInput(channel)) {
    lines.push(
      ...wrap(words.t('help.channel.input')),
      ...flags,
      '',
      words.t('help.channel.inputShape', { shape: shape(channel.input) })
    )
  } else {
    lines.push(...wrap(words.t('help.channel.noInput')))
  }
  lines.push('', words.t('help.channel.output', { shape: shape(channel.output) }))
  if (channel.name === 'cards.load') {
    lines.push('', ...wrap(words.t('help.channel.cardsLoad')))
  } else if (isList(channel)) {
    lines.push('', ...wrap(words.t('help.channel.stream', { paged: isPaged(channel) ? 'yes' : 'no' })))
  }
  return lines.join('\n') + '\n'
}

/** Channel names, wrapped, one namespace per paragraph. */
function channelList(catalog: Catalog): string {
  const byNamespace = new Map<string, string[]>()
  for (const { name } of catalog.channels) {
    const ns = name.split('.')[0]!
    byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), name])
  }
  const out: string[] = []
  for (const names of byNamespace.values()) {
    let line = ' '
    for (const name of names) {
      if (line.length + name.length + 1 > WIDTH) {
        out.push(line)
        line = ' '
      }
      line += ' ' + name
    }
    out.push(line)
  }
  return out.join('\n')
}

function exitCodeLines(words: HelpWords): string[] {
  return EXIT_CODE_WORDS.map(([code, key]) => `  ${code}  ${words.t(key)}`)
}

/** Rows of a left column (commands, options) and what each does, wrapped under its own column. */
function table(rows: readonly (readonly [string, string?])[]): string[] {
  const pad = Math.max(...rows.filter(([, text]) => text).map(([left]) => left.length)) + 2
  return rows.flatMap(([left, text]) =>
    text ? wrap(text, ' '.repeat(pad + 2), `  ${left}`.padEnd(pad + 2)) : [`  ${left}`]
  )
}

/** A value said whole on one line (a command, a JSON example): wrap() keeps its spaces. */
const whole = (text: string) => text.replace(/ /g, KEEP)

export function usage(catalog: Catalog, words: HelpWords): string {
  const option = (name: string, key: HelpKey, values?: MessageValues, value?: HelpKey) =>
    [value ? `${name} ${words.t(value)}` : name, words.t(key, values)] as const
  const host = 'https://HOST:12445'
  return [
    ...wrap(words.t('help.title', { version: catalog.version })),
    '',
    words.t('help.heading.usage'),
    ...table([
      [words.t('help.syntax.call')],
      [words.t('help.syntax.channelHelp'), words.t('help.command.channelHelp')],
      ['access-desk channels', words.t('help.command.channels')],
      ['access-desk --help | --version']
    ]),
    '',
    words.t('help.heading.options'),
    ...table([
      option('--console', 'help.option.console', {}, 'help.option.console.value'),
      option('--demo', 'help.option.demo'),
      option('--all-consoles', 'help.option.allConsoles', { answer: whole('[{console, ok, result | error}]') }),
      option('--timeout', 'help.option.timeout', { seconds: 10 }, 'help.option.timeout.value'),
      option('--stream', 'help.option.stream', { cardsLoad: whole('cards.load --stream') }),
      option('--table', 'help.option.table'),
      option('--language', 'help.option.language', {}, 'help.option.language.value'),
      option('--data', 'help.option.data', { folder: '~/.config/access-desk-node' }, 'help.option.data.value')
    ]),
    '',
    words.t('help.heading.channels'),
    channelList(catalog),
    '',
    ...wrap(
      words.t('help.input', {
        json: whole(`cards.get '{"token":"…"}'`),
        options: whole('cards.get --token …'),
        command: `printf '%s' "$TOKEN" | access-desk connections.changeToken --id …`
      })
    ),
    '',
    ...wrap(
      words.t('help.addConsole', {
        probe: whole(`access-desk connections.probe --url ${host}`),
        save: `printf '%s' "$TOKEN" | access-desk connections.save --name NAME --url ${host} --fingerprint256 …`
      })
    ),
    '',
    ...wrap(words.t('help.oneProcess')),
    '',
    words.t('help.heading.exitCodes'),
    ...exitCodeLines(words),
    ''
  ].join('\n')
}
