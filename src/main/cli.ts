import { readFileSync } from 'node:fs'
import { ArgsError, parseArgs, type CliArgs } from '../cli/args'
import { cliLanguage, usageLanguage } from './cli-language'
import type { Catalog, CatalogChannel } from '../cli/catalog-types'
import type { Language } from '../shared/i18n/locales'
import { EXIT } from '../cli/exit-codes'
import { channelHelp, usage, type HelpWords } from '../cli/help'

/**
 * `access-desk` (package.json `bin` → out/main/access-desk.js, which runs this; `npm run cli` too).
 * The launcher: `--help`, `--version`, `channels` and `<channel> --help` are answered from the
 * catalog the build wrote next to it (out/main/cli-catalog.json: the zod contract as JSON Schema),
 * loading neither zod nor the app's services; only a real call loads them (./cli-call). A help is
 * said in the CLI's language (--language, else the shell's): its words are loaded to print it (./cli-help-words),
 * and so are the channels' summaries of `channels` and `<channel> --help` (./cli-summary-words; English
 * is the contract's own and loads nothing).
 * No stack is ever printed: usage errors are said in words (exit 2), a channel's error as JSON.
 */

/** The catalog written at build time; from the sources (tsx, no build) it is made from the contract. */
async function loadCatalog(): Promise<Catalog> {
  try {
    return JSON.parse(readFileSync(new URL('./cli-catalog.json', import.meta.url), 'utf8')) as Catalog
  } catch {
    const { buildCatalog } = await import('../cli/catalog')
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    return buildCatalog(pkg.version)
  }
}

/** A usage error in the language of the command line (its --language, else the shell's). */
async function usageText(error: ArgsError, argv: readonly string[]): Promise<string> {
  const { usageWords } = await import('./cli-usage-words')
  return usageWords(error, usageLanguage(argv))
}

type Answer = { text: string; code: number; stream?: NodeJS.WriteStream }

/** Said in the CLI's language; a --language it does not speak is a usage error. */
async function inLanguage(
  args: CliArgs,
  argv: readonly string[],
  write: (language: Language) => Promise<string>
): Promise<Answer> {
  let language
  try {
    language = cliLanguage(args.language)
  } catch (err) {
    if (!(err instanceof ArgsError)) throw err
    return { text: await usageText(err, argv), code: EXIT.badInput, stream: process.stderr }
  }
  return { text: await write(language), code: EXIT.ok }
}

/** A help in the CLI's language: its words are loaded to print it. */
function help(
  args: CliArgs,
  argv: readonly string[],
  write: (words: HelpWords, language: Language) => string | Promise<string>
) {
  return inLanguage(args, argv, async (language) => {
    const { helpWords } = await import('./cli-help-words')
    return write(await helpWords(language), language)
  })
}

/** Channels with their summaries in the CLI's language (English, the contract's own, loads nothing). */
async function summarized(channels: readonly CatalogChannel[], language: Language): Promise<CatalogChannel[]> {
  if (language === 'en') return [...channels]
  const { summariesIn } = await import('./cli-summary-words')
  return summariesIn(channels, language)
}

async function run(argv: string[]): Promise<Answer> {
  let args: CliArgs
  try {
    args = parseArgs(argv)
  } catch (err) {
    if (!(err instanceof ArgsError)) throw err
    const text = await usageText(new ArgsError(err.key, err.values, new ArgsError('usage.seeHelp')), argv)
    return { text, code: EXIT.badInput, stream: process.stderr }
  }
  const catalog = await loadCatalog()
  if (args.version) return { text: `access-desk ${catalog.version}\n`, code: EXIT.ok }
  const { command } = args
  if (command === undefined || command === 'help') {
    const said = await help(args, argv, (words) => usage(catalog, words))
    // No channel at all: the usage on stderr, exit 2.
    if (said.code !== EXIT.ok || args.help || command === 'help') return said
    return { ...said, code: EXIT.badInput, stream: process.stderr }
  }
  if (command === 'channels') {
    return inLanguage(args, argv, async (language) => {
      const channels = await summarized(catalog.channels, language)
      const list = channels.map(({ name, summary, input, output }) => ({ name, summary, input, output }))
      return JSON.stringify(list, null, 2) + '\n'
    })
  }
  const channel = catalog.channels.find((c) => c.name === command)
  if (!channel) {
    // Suggestions: the channels of the namespace typed, else those whose name holds the word typed.
    const [namespace = '', word = ''] = command.toLowerCase().split('.')
    const names = catalog.channels.map((c) => c.name)
    const sameNamespace = names.filter((n) => n.toLowerCase().startsWith(`${namespace}.`))
    const near = sameNamespace.length ? sameNamespace : names.filter((n) => word && n.toLowerCase().includes(word))
    const unknown = new ArgsError(
      'usage.unknownChannel',
      { channel: command, guess: near.length ? 'yes' : 'no', names: near.slice(0, 5).join(', ') },
      new ArgsError('usage.everyChannel')
    )
    return { text: await usageText(unknown, argv), code: EXIT.badInput, stream: process.stderr }
  }
  if (args.help) {
    return help(args, argv, async (words, language) => {
      const [said] = await summarized([channel], language)
      return channelHelp(said!, words)
    })
  }
  const { runCall } = await import('./cli-call')
  return { text: '', code: await runCall(args, channel, catalog.version) }
}

let answer: Answer
try {
  answer = await run(process.argv.slice(2))
} catch (err) {
  // Not expected (the call reports its own errors): still one line, never a stack.
  answer = {
    text: `access-desk: ${(err as Error)?.message ?? String(err)}\n`,
    code: EXIT.refused,
    stream: process.stderr
  }
}
// Exit once the text has left the process: process.exit right after write() cut a piped stdout at
// the pipe's 64 KiB buffer (`access-desk channels | cat`).
const stream = answer.stream ?? process.stdout
stream.write(answer.text, () => process.stdout.write('', () => process.exit(answer.code)))
