/**
 * The command line split into the CLI's own options and the channel's: no schema and no zod here
 * (the launcher parses with it before deciding whether to load anything). A `--name value` that is
 * not one of the CLI's options is a field of the channel's input, typed later against the channel's
 * schema (src/main/cli-input.ts).
 */
import type { AreaKeys } from '../shared/i18n/areas'
export interface RawField {
  /** As typed, without the dashes: `page`, `owner.id`, `no-force` is kept as `force` with `negated`. */
  name: string
  /** The word after it (or after `=`); undefined when none followed (the next word was an option, or none). */
  value?: string
  negated?: boolean
  /** `--name=value`: the value cannot be a positional taken by mistake. */
  joined?: boolean
}

export interface CliArgs {
  /** The channel, or `channels` / `help`. */
  command?: string
  /** The words after the channel: its JSON input (`-`: standard input). More than one is an error. */
  positionals: string[]
  fields: RawField[]
  data?: string
  console?: string
  timeout?: string
  /** `--language de`: the table's and typed dates' language (src/main/cli-language.ts). */
  language?: string
  demo: boolean
  allConsoles: boolean
  stream: boolean
  table: boolean
  help: boolean
  version: boolean
}

/** The CLI's options that take a value. */
const VALUE_OPTIONS = {
  '--data': 'data',
  '--console': 'console',
  '--timeout': 'timeout',
  '--language': 'language'
} as const
/** The CLI's switches. */
const SWITCHES = {
  '--demo': 'demo',
  '--all-consoles': 'allConsoles',
  '--stream': 'stream',
  '--table': 'table',
  '--help': 'help',
  '-h': 'help',
  '--version': 'version',
  '-V': 'version'
} as const

export const CLI_OPTION_NAMES = [...Object.keys(VALUE_OPTIONS), ...Object.keys(SWITCHES)]

/** A usage error's words: a message of the CLI's catalogue (messages/cli, `usage.*`). */
export type UsageKey = Extract<AreaKeys['cli'], `usage.${string}`>

/**
 * A mistake in the command line itself, said in one line (or a few) on stderr, exit 2. It holds the
 * catalogue's key and its values, never words: src/main/cli-usage-words.ts says it in the CLI's
 * language (loaded only when there is one to say, so `--help` loads no message formatter).
 */
export class ArgsError extends Error {
  constructor(
    readonly key: UsageKey,
    readonly values: Readonly<Record<string, string | number>> = {},
    /** A further paragraph said after this one (no token on stdin: then how to give it). */
    readonly then?: ArgsError
  ) {
    super(key)
  }
}

export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = {
    positionals: [],
    fields: [],
    demo: false,
    allConsoles: false,
    stream: false,
    table: false,
    help: false,
    version: false
  }
  let onlyPositionals = false
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!
    if (onlyPositionals || word === '-' || !word.startsWith('-')) {
      if (args.command === undefined) args.command = word
      else args.positionals.push(word)
      continue
    }
    if (word === '--') {
      onlyPositionals = true
      continue
    }
    const eq = word.indexOf('=')
    const flag = eq > 0 ? word.slice(0, eq) : word
    const inline = eq > 0 ? word.slice(eq + 1) : undefined
    if (Object.hasOwn(VALUE_OPTIONS, flag)) {
      const value = inline ?? argv[++i]
      if (value === undefined || (inline === undefined && value.startsWith('--'))) {
        throw new ArgsError('usage.needsValue', { flag, example: flag === '--timeout' ? '10' : 'NAME' })
      }
      args[VALUE_OPTIONS[flag as keyof typeof VALUE_OPTIONS]] = value
      continue
    }
    if (Object.hasOwn(SWITCHES, flag)) {
      if (inline !== undefined) throw new ArgsError('usage.takesNoValue', { flag })
      args[SWITCHES[flag as keyof typeof SWITCHES]] = true
      continue
    }
    if (!flag.startsWith('--') || flag.length < 3) {
      throw new ArgsError('usage.unknownOption', { option: word })
    }
    let name = flag.slice(2)
    const negated = name.startsWith('no-') && inline === undefined
    if (negated) name = name.slice(3)
    if (inline !== undefined) {
      args.fields.push({ name, value: inline, joined: true })
    } else if (negated) {
      args.fields.push({ name, negated: true })
    } else {
      const next = argv[i + 1]
      if (next !== undefined && !(next.startsWith('-') && next.length > 1 && !/^-\d/.test(next))) {
        args.fields.push({ name, value: next })
        i++
      } else {
        args.fields.push({ name })
      }
    }
  }
  return args
}
