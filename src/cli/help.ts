import type { Catalog, CatalogChannel, JsonSchema } from './catalog-types'
import { EXIT_CODE_LINES } from './exit-codes'
import { CLI_OPTION_NAMES } from './args'

/**
 * Every text the CLI prints about itself, made from the catalog (the zod contract as JSON Schema,
 * written at build time): `--help`, `<channel> --help`, and docs/cli-reference.md
 * (scripts/cli-reference.mjs). Nothing here describes a channel by hand.
 */

const WIDTH = 100

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
function fieldRules(schema: JsonSchema, required: boolean): string {
  const rules: string[] = []
  const s = alternatives(schema)[0] ?? schema
  if (required) rules.push('required')
  // zod's .int() states ±2^53−1 as bounds: not a rule worth saying.
  const min = s.minimum !== undefined && s.minimum > Number.MIN_SAFE_INTEGER ? s.minimum : undefined
  const max = s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER ? s.maximum : undefined
  if (min !== undefined && max !== undefined) rules.push(`${min}–${max}`)
  else if (min !== undefined) rules.push(`≥ ${min}`)
  else if (max !== undefined) rules.push(`≤ ${max}`)
  if (s.maxLength !== undefined) rules.push(`at most ${s.maxLength} characters`)
  if (schema.default !== undefined || s.default !== undefined)
    rules.push(`default ${JSON.stringify(schema.default ?? s.default)}`)
  if (s.type === 'array') rules.push('repeat the option for each value')
  if (s.type === 'boolean') rules.push('--name alone is true, --no-name false')
  if (s.properties) rules.push('JSON, or --name.field value')
  const description = schema.description ?? s.description
  return [rules.join(', '), description].filter(Boolean).join('. ')
}

/** The `--field value` lines of a channel's input (none for a channel that takes nothing). */
export function inputFlags(channel: CatalogChannel): string[] {
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
        ? "the CLI's --language fills it"
        : CLI_OPTION_NAMES.includes(`--${name}`)
          ? `in the JSON input only (--${name} is the CLI's option)`
          : ''
    const rules = [clash, fieldRules(schema, required.has(name) && !optionalWhole)].filter(Boolean).join('; ')
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

export function channelHelp(channel: CatalogChannel): string {
  const flags = inputFlags(channel)
  const lines = [`access-desk ${channel.name}: ${channel.summary}.`, '']
  if (takesInput(channel)) {
    lines.push(
      'Input: as JSON (an argument, or - to read it from standard input), or as --field value options',
      '(numbers and booleans typed by the schema, arrays by repeating the option):',
      ...flags,
      '',
      `Input shape: ${shape(channel.input)}`
    )
  } else {
    lines.push('Input: none.')
  }
  lines.push('', `Output (JSON on stdout): ${shape(channel.output)}`)
  if (channel.name === 'cards.load') {
    lines.push(
      '',
      'From the CLI, "stream" may be left out (it names the events of a screen).',
      '--stream: every card of the console, one JSON line per card (NDJSON), read page by page.'
    )
  } else if (isList(channel)) {
    lines.push('', `--stream: one JSON line per item of "items" (NDJSON)${isPaged(channel) ? ', every page' : ''}.`)
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

function exitCodeLines(): string {
  return EXIT_CODE_LINES.map(([code, text]) => `  ${code}  ${text}`).join('\n')
}

export function usage(catalog: Catalog): string {
  return `Access Desk ${catalog.version}: every channel of the app from a shell, through the same handlers as the app.

Usage:
  access-desk <channel> [JSON | -] [--field value ...] [options]
  access-desk <channel> --help     the channel's input (as options and as JSON) and output
  access-desk channels             every channel with its input and output as JSON Schema
  access-desk --help | --version

Options:
  --console NAME     a saved console (its name or id); default: the active one
  --demo             the built-in demo console (never used unless asked for)
  --all-consoles     a read on every saved console at once: [{console, ok, result | error}]
  --timeout SECONDS  per console with --all-consoles (default 10)
  --stream           lists as NDJSON, a line per item as it comes (cards.load --stream: every card)
  --table            users and visitors as a table
  --language CODE    en, de, fr or es: the table's headers, typed dates (--from 28.11.2026), and the language
                     field of a channel that has one (exports, a badge); default $LC_ALL / $LANG, else English
  --data DIR         the data folder (default $ACCESS_DESK_DATA or ~/.config/access-desk-node); it must exist

Channels:
${channelList(catalog)}

Input: one JSON argument (or - to read it from standard input), e.g. cards.get '{"token":"…"}', or options:
cards.get --token … . The API token of connections.save and connections.changeToken is never an argument:
give it on standard input, e.g.
  printf '%s' "$TOKEN" | access-desk connections.changeToken --id …
(at a terminal the CLI asks for it without showing it; for connections.save, nothing keeps the stored token).

Add a console: access-desk connections.probe --url https://HOST:12445 (shows its certificate), then
  printf '%s' "$TOKEN" | access-desk connections.save --name NAME --url https://HOST:12445 --fingerprint256 …

One process uses a data folder at a time: while the app or web mode has it open, the CLI refuses and says which
process holds it (--all-consoles only reads it).

Exit codes:
${exitCodeLines()}
`
}
