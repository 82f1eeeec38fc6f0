import { parseArgs } from 'node:util'
import { resolve } from 'node:path'
import { z } from 'zod'
import { channels } from '../shared/ipc/contract'
import { AppError } from '../shared/errors'
import type { createNodeServices } from './services/node-app'
import { usage } from './cli-usage'
import { readToken, TOKEN_CHANNELS, tokenInArgvMessage } from './cli-token'

/**
 * `npm run -s cli -- [--data DIR] <channel> ['<json input>']` calls a contract channel through the
 * same handlers as the app; `cli channels` lists every channel with its input and output schemas.
 */
type Outcome = { stream: NodeJS.WriteStream; text: string; code: number }

const usageError = (text: string): Outcome => ({ stream: process.stderr, text, code: 2 })
const failed = (err: unknown): Outcome => ({
  stream: process.stderr,
  text: JSON.stringify(AppError.from(err).toData(), null, 2) + '\n',
  code: 1
})

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

function schemaOf(type: z.ZodType) {
  try {
    return z.toJSONSchema(type, { io: 'input', unrepresentable: 'any' })
  } catch {
    return {}
  }
}

async function run(): Promise<Outcome> {
  let parsed
  try {
    parsed = parseArgs({
      options: { data: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true
    })
  } catch (err) {
    return usageError(`${(err as Error).message}\n\n${usage()}`)
  }
  const { values, positionals } = parsed
  const [command, rawInput] = positionals
  if (values.help || command === 'help') return { stream: process.stdout, text: usage(), code: 0 }
  if (!command) return usageError(usage())
  if (command === 'channels') {
    const list = Object.entries(channels).map(([name, def]) => ({
      name,
      summary: def.summary,
      input: schemaOf(def.input),
      output: z.toJSONSchema(def.output, { io: 'output', unrepresentable: 'any' })
    }))
    return { stream: process.stdout, text: JSON.stringify(list, null, 2) + '\n', code: 0 }
  }
  let input: unknown
  try {
    input = rawInput === undefined ? undefined : JSON.parse(rawInput)
  } catch {
    return usageError(`The input must be JSON, e.g. '{"id":"…"}'. Got: ${rawInput}\n`)
  }
  if (TOKEN_CHANNELS.has(command)) {
    const object = isRecord(input) ? input : undefined
    if (object && Object.hasOwn(object, 'token')) return usageError(tokenInArgvMessage(command))
    const keep = command === 'connections.save' ? ', Enter to keep the stored one' : ''
    const token = await readToken(`API token (not shown${keep}): `)
    if (token && object) input = { ...object, token }
    else if (command === 'connections.changeToken') {
      return usageError(`No API token on standard input.\n${tokenInArgvMessage(command)}`)
    }
  }
  // Loaded only for a channel call: `channels` and the usage answer from the contract alone, without
  // loading the services and their packages (fastify, the stores...), so they answer at once.
  const [{ createNodeServices, defaultDataDir }, { startDemoConsole }, { createDispatch }, { createHandlers }] =
    await Promise.all([
      import('./services/node-app'),
      import('../demo-console/server'),
      import('./services/ipc/dispatch'),
      import('./handlers')
    ])
  const dataDir = resolve(values.data ?? defaultDataDir())
  let services
  try {
    services = await createNodeServices({ dataDir, transport: 'cli', startDemoConsole })
  } catch (err) {
    // The folder in use by another process, or the built-in console that could not start: said, not a stack.
    return failed(err)
  }
  try {
    const envelope = await createDispatch(createHandlers(services))(command, input)
    const refusedInput = !envelope.ok && ['INVALID_INPUT', 'UNKNOWN_CHANNEL'].includes(envelope.error.code ?? '')
    if (!refusedInput) await sayIfDemo(services, dataDir)
    return envelope.ok
      ? { stream: process.stdout, text: JSON.stringify(envelope.result, null, 2) + '\n', code: 0 }
      : { stream: process.stderr, text: JSON.stringify(envelope.error, null, 2) + '\n', code: 1 }
  } finally {
    await services.close()
  }
}

/**
 * A mistyped --data folder (or none configured) gets the built-in demo console: its answers must
 * not pass for a real console's. Said on stderr, so stdout stays the result alone.
 */
async function sayIfDemo(services: Awaited<ReturnType<typeof createNodeServices>>, dataDir: string) {
  const { profiles, activeId } = await services.connections.list()
  if (!profiles.find((p) => p.id === activeId)?.demo) return
  const why = profiles.some((p) => !p.demo)
    ? `it is the active connection in ${dataDir}`
    : `no console is configured in ${dataDir} (another folder? check --data DIR)`
  process.stderr.write(`Using the built-in demo console: ${why}.\n`)
}

// Exit once the text has left the process: process.exit right after write() cut a piped stdout at
// the pipe's 64 KiB buffer (`cli channels | cat`).
const { stream, text, code } = await run()
stream.write(text, () => process.exit(code))
