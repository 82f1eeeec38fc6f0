import { ArgsError, type CliArgs, type RawField } from '../cli/args'
import type { CatalogChannel, JsonSchema } from '../cli/catalog-types'
import { objectSchema } from '../cli/help'
import { readStdinText } from './cli-stdin'
import { parseTypedDate } from '../shared/format/parse-date'
import { isoInZone } from './services/audit/iso-in-zone'
import type { Language } from '../shared/i18n/locales'

/**
 * A channel's input from the command line: one JSON argument (`-`: read from standard input), and
 * `--field value` options typed by the channel's input schema (numbers, booleans, arrays by
 * repeating the option, objects as JSON or `--field.sub value`), laid over that JSON. The contract
 * itself (zod, in dispatch) then says whether the input is valid; this only types what was typed.
 */

/** Input larger than this on standard input is refused (a CSV for batches.importCsv fits many times). */
const MAX_STDIN_BYTES = 64 * 1024 * 1024
/** JSON input as a shell takes it, quoted: shown in a usage error's example. */
const JSON_EXAMPLE = `'{"id":"…"}'`

export async function channelInput(
  args: CliArgs,
  channel: CatalogChannel,
  readStdin: () => Promise<string> = readAllStdin,
  /** The CLI's language (cli-language.ts): a date typed as a `--field` value is read in its order. */
  language: Language = 'en'
): Promise<unknown> {
  const positionals = [...args.positionals]
  const object = objectSchema(channel.input)
  const set: Record<string, unknown> = {}
  for (const field of args.fields) {
    const schema = fieldSchema(object, field.name, channel)
    const value = typedValue(field, schema, channel, positionals, language)
    assign(set, field.name.split('.'), value, isArray(schema))
  }
  if (positionals.length > 1) {
    throw new ArgsError('usage.oneJsonInput', {
      channel: channel.name,
      count: positionals.length,
      words: positionals.join(' '),
      example: JSON_EXAMPLE
    })
  }
  const [raw] = positionals
  let base: unknown
  if (raw !== undefined) {
    const text = raw === '-' ? await readStdin() : raw
    try {
      base = JSON.parse(text)
    } catch {
      throw new ArgsError('usage.notJson', {
        where: raw === '-' ? 'stdin' : 'argument',
        text: text.slice(0, 200),
        example: JSON_EXAMPLE,
        channel: channel.name
      })
    }
  }
  // A channel whose input is an object (its fields all optional, e.g. visitors.list) called with none.
  if (Object.keys(set).length === 0) return base === undefined && object === channel.input ? {} : base
  if (base !== undefined && (base === null || typeof base !== 'object' || Array.isArray(base))) {
    throw new ArgsError('usage.notAnObject')
  }
  return deepMerge((base as Record<string, unknown> | undefined) ?? {}, set)
}

function fieldSchema(object: JsonSchema | undefined, path: string, channel: CatalogChannel): JsonSchema {
  let schema: JsonSchema | undefined = object
  for (const part of path.split('.')) {
    const props: Record<string, JsonSchema> | undefined = schema ? objectSchema(schema)?.properties : undefined
    const next: JsonSchema | undefined = props && Object.hasOwn(props, part) ? props[part] : undefined
    if (!next) {
      const known = object?.properties ? Object.keys(object.properties).map((k) => `--${k}`) : []
      throw new ArgsError('usage.noSuchField', {
        channel: channel.name,
        path,
        hasFields: known.length ? 'yes' : 'no',
        fields: known.join(', ')
      })
    }
    schema = next
  }
  return schema!
}

/** The types a schema allows (an optional or nullable union lists its alternatives). */
function types(schema: JsonSchema): Set<string> {
  const out = new Set<string>()
  const visit = (s: JsonSchema) => {
    for (const alt of s.anyOf ?? s.oneOf ?? []) visit(alt)
    if (Array.isArray(s.type)) s.type.forEach((t) => out.add(t))
    else if (s.type) out.add(s.type)
    else if (s.properties) out.add('object')
    else if (s.enum) s.enum.forEach((v) => out.add(typeof v))
    else if (s.const !== undefined) out.add(typeof s.const)
  }
  visit(schema)
  return out
}

function isArray(schema: JsonSchema): boolean {
  return types(schema).has('array')
}

function itemSchema(schema: JsonSchema): JsonSchema {
  if (schema.items) return schema.items
  for (const alt of schema.anyOf ?? schema.oneOf ?? []) if (alt.items) return alt.items
  return {}
}

const TRUE = new Set(['true', '1', 'yes'])
const FALSE = new Set(['false', '0', 'no'])

function typedValue(
  field: RawField,
  schema: JsonSchema,
  channel: CatalogChannel,
  positionals: string[],
  language: Language
): unknown {
  const allowed = types(schema)
  const flag = `--${field.name}`
  if (allowed.has('boolean') && allowed.size <= 2) {
    if (field.negated) return false
    if (field.value === undefined) return true
    const word = field.value.toLowerCase()
    if (TRUE.has(word)) return true
    if (FALSE.has(word)) return false
    if (field.joined) throw new ArgsError('usage.trueOrFalse', { flag, given: String(field.value) })
    // `--force '{…}'`: the word after a switch is the JSON input, not its value.
    positionals.unshift(field.value)
    return true
  }
  if (field.negated) throw new ArgsError('usage.notNegatable', { name: field.name })
  if (field.value === undefined) throw new ArgsError('usage.fieldNeedsValue', { flag, channel: channel.name })
  const itemOrField = allowed.has('array') ? itemSchema(schema) : schema
  if (isDateTime(itemOrField)) return typedInstant(field.value, flag, language)
  return typedWord(field.value, itemOrField, flag)
}

function isDateTime(schema: JsonSchema): boolean {
  return schema.format === 'date-time' || (schema.anyOf ?? schema.oneOf ?? []).some(isDateTime)
}

/**
 * A date-time field typed as a day: "28.11.2026" (`--language de`, or LANG=de_DE…), "11/28/2026"
 * (English), "2026-11-28" anywhere, read by the app's one date reader (shared/format/parse-date.ts)
 * as the start of that day in this computer's zone. A full ISO instant is passed on as typed; a day
 * that could be read two ways, or is none, is refused with what to type.
 */
function typedInstant(word: string, flag: string, language: Language): string {
  if (word.includes('T')) return word
  const day = parseTypedDate(word, language)
  if (!day.ok) throw new ArgsError('usage.typedDate', { flag, message: day.message })
  return isoInZone(new Date(day.year, day.month - 1, day.day))
}

function typedWord(word: string, schema: JsonSchema, flag: string): unknown {
  const allowed = types(schema)
  if (allowed.has('string') && !allowed.has('object')) return word
  if (allowed.has('integer') || allowed.has('number')) {
    const n = Number(word)
    if (word.trim() === '' || !Number.isFinite(n)) throw new ArgsError('usage.takesNumber', { flag, given: word })
    return n
  }
  if (allowed.has('boolean')) {
    if (TRUE.has(word.toLowerCase())) return true
    if (FALSE.has(word.toLowerCase())) return false
    throw new ArgsError('usage.trueOrFalse', { flag, given: word })
  }
  if (allowed.has('object') || allowed.has('array') || allowed.size === 0) {
    try {
      return JSON.parse(word)
    } catch {
      if (allowed.size === 0) return word
      throw new ArgsError('usage.takesJson', { flag, example: `${flag} ${JSON_EXAMPLE}`, given: word })
    }
  }
  return word
}

function assign(target: Record<string, unknown>, path: string[], value: unknown, repeat: boolean): void {
  const [head, ...rest] = path
  if (rest.length === 0) {
    if (repeat) {
      const list = Array.isArray(target[head!]) ? (target[head!] as unknown[]) : []
      target[head!] = [...list, ...(Array.isArray(value) ? value : [value])]
    } else {
      target[head!] = value
    }
    return
  }
  const inner = target[head!]
  const child = inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {}
  target[head!] = child
  assign(child, rest, value, repeat)
}

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base }
  for (const [key, value] of Object.entries(over)) {
    const under = out[key]
    out[key] =
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      under &&
      typeof under === 'object' &&
      !Array.isArray(under)
        ? deepMerge(under as Record<string, unknown>, value as Record<string, unknown>)
        : value
  }
  return out
}

async function readAllStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new ArgsError('usage.stdinIsTerminal')
  return readStdinText(MAX_STDIN_BYTES, () => new ArgsError('usage.stdinTooLarge'))
}
