import { lockDataDir } from './services/storage/data-dir-lock'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { ArgsError, type CliArgs } from '../cli/args'
import type { CatalogChannel } from '../cli/catalog-types'
import { EXIT, type ExitCode } from '../cli/exit-codes'
import { isList, objectSchema } from '../cli/help'
import { CONSOLE_READS, needsConsole } from '../cli/read-channels'
import { AppError } from '../shared/errors'
import type { Language } from '../shared/i18n/locales'
import { createAppServices } from './services/app-services'
import { createConfStore } from './services/storage/key-value-store'
import { createFileSecretStore } from './services/connections/secret-store'
import { startDemoConsoleOnDemand } from '../demo-console/start-on-demand'
import { defaultDataDir } from './services/node-app'
import { chooseConsole, storeFor } from './cli-console-choice'
import { channelInput } from './cli-input'
import { exitCodeOf } from './cli-exit'
import { cliLanguage, usageLanguage, withLanguageField } from './cli-language'
import { usageWords } from './cli-usage-words'
import { errorForCli } from './cli-error-words'
import { json, line, outOf, peopleTable, tableChannels, type Out } from './cli-output'
import { callChannel } from './cli-stream'
import { runAllConsoles } from './cli-all-consoles'
import { readToken, TOKEN_CHANNELS, tokenInArgvError } from './cli-token'
import { cliWords } from '../shared/i18n/file-words'

/**
 * A real channel call (loaded by the launcher, src/main/cli.ts, only for one): the input from the
 * command line, the console chosen, the services started on the data folder, the answer written.
 * Returns the exit code (src/cli/exit-codes.ts).
 */
export async function runCall(args: CliArgs, channel: CatalogChannel, version: string): Promise<ExitCode> {
  const out = outOf(process.stdout)
  try {
    return await call(args, channel, version, out)
  } catch (err) {
    // The reader stopped reading (`| head`): what it did not take was not wanted (cli-output.ts).
    if (out.readerGone) return EXIT.ok
    if (err instanceof ArgsError) {
      process.stderr.write(usageWords(err, usageLanguage(process.argv.slice(2))))
      return EXIT.badInput
    }
    const error = AppError.from(err).toData()
    process.stderr.write(json(errorForCli(error, languageOf(args))))
    return exitCodeOf(error)
  }
}

/** The CLI's language for its error's words; a `--language` it cannot read was said already: English. */
function languageOf(args: CliArgs): Language {
  try {
    return cliLanguage(args.language)
  } catch {
    return 'en'
  }
}

async function call(args: CliArgs, channel: CatalogChannel, version: string, out: Out): Promise<ExitCode> {
  const given = args.data ?? process.env['ACCESS_DESK_DATA']
  const dataDir = resolve(given ?? defaultDataDir())
  if (given !== undefined && !existsSync(dataDir)) {
    // A mistyped folder is said, never answered from made-up data.
    throw new ArgsError('usage.noDataFolder', {
      folder: dataDir,
      fromEnv: args.data === undefined ? 'yes' : 'no',
      defaultFolder: defaultDataDir()
    })
  }
  if (args.stream && !isList(channel)) {
    throw new ArgsError('usage.streamNoList', { channel: channel.name })
  }
  if (args.table && !tableChannels().includes(channel.name.split('.')[0]!)) {
    throw new ArgsError('usage.tablePeopleOnly', { channel: channel.name })
  }
  if (args.allConsoles && !CONSOLE_READS.has(channel.name)) {
    throw new ArgsError('usage.allConsolesReadsOnly', { channel: channel.name, reads: [...CONSOLE_READS].join(', ') })
  }
  if (!args.allConsoles && args.timeout !== undefined) throw new ArgsError('usage.timeoutWithAllConsoles')
  if (TOKEN_CHANNELS.has(channel.name) && args.positionals.includes('-')) {
    throw new ArgsError('usage.tokenChannelStdin', { channel: channel.name })
  }
  const language = cliLanguage(args.language)
  let input = await channelInput(args, channel, undefined, language)
  input = withLanguageField(input, objectSchema(channel.input)?.properties?.['language'] !== undefined, args.language)
  if (TOKEN_CHANNELS.has(channel.name)) input = await withToken(channel.name, input, language)
  // cards.load names the events a screen follows; a CLI call follows none.
  if (channel.name === 'cards.load' && !args.stream) input = { stream: 'cli', ...(input as object | undefined) }

  if (args.allConsoles) {
    const seconds = Number(args.timeout ?? 10)
    if (!(seconds > 0)) throw new ArgsError('usage.timeoutSeconds', { given: String(args.timeout) })
    if (args.demo || args.console !== undefined) throw new ArgsError('usage.allConsolesNoChoice')
    return runAllConsoles({
      dataDir,
      channel,
      input,
      version,
      stream: args.stream,
      timeoutMs: seconds * 1000,
      out,
      language
    })
  }

  // The folder first: one in use by the app or web mode is said as such, before its consoles are read.
  const lock = await lockDataDir(dataDir, 'the CLI')
  let choice: ReturnType<typeof chooseConsole>
  try {
    choice = chooseConsole({
      dataDir,
      console: args.console,
      demo: args.demo,
      needsConsole: needsConsole(channel.name)
    })
  } catch (err) {
    await lock.release()
    throw err
  }
  const services = await createAppServices({
    lock,
    dataDir,
    transport: 'cli',
    version,
    store: storeFor(choice, createConfStore(dataDir, 'profiles')),
    secrets: createFileSecretStore(dataDir),
    // Only when --demo asks for the built-in console is its module loaded.
    startDemoConsole: startDemoConsoleOnDemand,
    demoOnFirstStart: choice.demo
  })
  try {
    if (args.stream) {
      await callChannel(services, channel, input, (item) => out.write(line(item)))
      return EXIT.ok
    }
    const result = await callChannel(services, channel, input)
    await out.write((args.table && peopleTable(channel.name, result, language)) || json(result))
    return EXIT.ok
  } finally {
    await services.close()
  }
}

/** The API token of connections.save / changeToken: from standard input, never the command line. */
async function withToken(channel: string, input: unknown, language: Language): Promise<unknown> {
  const object =
    input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : undefined
  if (object && Object.hasOwn(object, 'token')) throw tokenInArgvError(channel)
  const keep = channel === 'connections.save' ? 'yes' : 'no'
  const token = await readToken(cliWords(language).t('usage.tokenPrompt', { keep }))
  if (token && object) return { ...object, token }
  if (channel === 'connections.changeToken') {
    throw new ArgsError('usage.noTokenOnStdin', {}, tokenInArgvError(channel))
  }
  return input
}
