import { parseArgs } from 'node:util'
import { resolve } from 'node:path'
import { z } from 'zod'
import { channels } from '../shared/ipc/contract'
import { createNodeServices, defaultDataDir } from './services/node-app'
import { startDemoConsole } from '../demo-console/server'
import { createDispatch } from './services/ipc/dispatch'
import { createHandlers } from './handlers'

/**
 * `npm run -s cli -- [--data DIR] <channel> ['<json input>']` calls a contract channel through the
 * same handlers as the app; `cli channels` lists every channel with its input and output schemas.
 */
const { values, positionals } = parseArgs({
  options: { data: { type: 'string' } },
  allowPositionals: true
})
const [command, rawInput] = positionals

function schemaOf(type: z.ZodType) {
  try {
    return z.toJSONSchema(type, { io: 'input', unrepresentable: 'any' })
  } catch {
    return {}
  }
}

type Outcome = { stream: NodeJS.WriteStream; text: string; code: number }

async function run(): Promise<Outcome> {
  if (!command || command === 'help') {
    const text = 'Usage: npm run -s cli -- [--data DIR] <channel> [json input]   |   cli channels\n'
    return { stream: process.stderr, text, code: command ? 0 : 2 }
  }
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
    return { stream: process.stderr, text: `The input must be JSON, e.g. '{"id":"…"}'. Got: ${rawInput}\n`, code: 2 }
  }
  const services = await createNodeServices({
    dataDir: resolve(values.data ?? defaultDataDir()),
    transport: 'cli',
    startDemoConsole
  })
  const envelope = await createDispatch(createHandlers(services))(command, input)
  await services.close()
  return envelope.ok
    ? { stream: process.stdout, text: JSON.stringify(envelope.result, null, 2) + '\n', code: 0 }
    : { stream: process.stderr, text: JSON.stringify(envelope.error, null, 2) + '\n', code: 1 }
}

// Exit once the text has left the process: process.exit right after write() cut a piped stdout at
// the pipe's 64 KiB buffer (`cli channels | cat`).
const { stream, text, code } = await run()
stream.write(text, () => process.exit(code))
