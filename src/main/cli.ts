import { parseArgs } from 'node:util'
import { resolve } from 'node:path'
import { z } from 'zod'
import { channels } from '../shared/ipc/contract'
import { createNodeServices, defaultDataDir } from './services/node-app'
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

if (!command || command === 'help') {
  process.stderr.write('Usage: npm run -s cli -- [--data DIR] <channel> [json input]   |   cli channels\n')
  process.exit(command ? 0 : 2)
}

if (command === 'channels') {
  const list = Object.entries(channels).map(([name, def]) => ({
    name,
    summary: def.summary,
    input: schemaOf(def.input),
    output: z.toJSONSchema(def.output, { io: 'output', unrepresentable: 'any' })
  }))
  process.stdout.write(JSON.stringify(list, null, 2) + '\n')
  process.exit(0)
}

let input: unknown
try {
  input = rawInput === undefined ? undefined : JSON.parse(rawInput)
} catch {
  process.stderr.write(`The input must be JSON, e.g. '{"id":"…"}'. Got: ${rawInput}\n`)
  process.exit(2)
}

const services = await createNodeServices({ dataDir: resolve(values.data ?? defaultDataDir()), transport: 'cli' })
const envelope = await createDispatch(createHandlers(services))(command, input)
await services.close()
if (envelope.ok) {
  process.stdout.write(JSON.stringify(envelope.result, null, 2) + '\n')
  process.exit(0)
}
process.stderr.write(JSON.stringify(envelope.error, null, 2) + '\n')
process.exit(1)
