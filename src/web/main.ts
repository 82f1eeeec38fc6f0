import { parseArgs } from 'node:util'
import { resolve } from 'node:path'
import { existsSync } from 'node:fs'
import { createNodeServices, defaultDataDir } from '../main/services/node-app'
import { createDispatch } from '../main/services/ipc/dispatch'
import { createHandlers } from '../main/handlers'
import { addressSentence, startWebAtKeptAddress } from './web-address'
import { startDemoConsoleOnDemand } from '../demo-console/start-on-demand'
import { AppError } from '../shared/errors'
import { startupErrorWords } from '../main/startup-error-words'
import { cliLanguage } from '../main/cli-language'
import { restartCommand } from './restart-command'

/** `npm run web`: the main-process handlers in Node, the renderer in a browser tab. */
const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    // No default: without --port, web mode comes back on the port it had last time (web-address.ts).
    port: { type: 'string' },
    'new-address': { type: 'boolean', default: false },
    renderer: { type: 'string', default: 'out/renderer' }
  }
})

const rendererDir = resolve(values.renderer)
if (!existsSync(resolve(rendererDir, 'index.html'))) {
  process.stderr.write(`No built renderer in ${rendererDir}: run \`npm run build\` first.\n`)
  process.exit(1)
}
const dataDir = resolve(values.data ?? defaultDataDir())
// Another process holding the folder (or the built-in console unable to start): said, not a stack.
const services = await createNodeServices({
  dataDir,
  transport: 'web',
  startDemoConsole: startDemoConsoleOnDemand
}).catch((err: unknown) => {
  // In the shell's language, as the CLI says it (startup-error-words.ts).
  const { message, hint } = startupErrorWords(AppError.from(err).toData(), cliLanguage(undefined))
  process.stderr.write(`${message}\n${hint ? hint + '\n' : ''}`)
  process.exit(1)
})
const kept = await startWebAtKeptAddress(
  {
    dataDir,
    port: values.port === undefined ? undefined : Number(values.port),
    secret: process.env['ACCESS_DESK_WEB_SECRET'],
    newAddress: values['new-address']
  },
  {
    rendererDir,
    dispatch: createDispatch(createHandlers(services)),
    events: services.events,
    // Told to each tab as it connects: its banner names this command while the service is down.
    restartCommand: restartCommand({
      startedAs: process.env['ACCESS_DESK_STARTED_AS'],
      dataDir: values.data !== undefined || process.env['ACCESS_DESK_DATA'] ? dataDir : undefined,
      port: values.port === undefined ? undefined : Number(values.port)
    })
  }
).catch((err: unknown) => {
  process.stderr.write(`Web mode could not start: ${(err as Error).message}\n`)
  void services.close().finally(() => process.exit(1))
  return new Promise<never>(() => undefined)
})
const web = kept.web
services.prepare()
process.stdout.write(
  JSON.stringify({ event: 'ready', url: web.url, dataDir, address: kept.outcome }) +
    '\n' +
    `Access Desk (web mode) is ready. ${addressSentence(kept, dataDir)}\nOpen: ${web.url}\n`
)

const stop = () => {
  void Promise.all([web.close(), services.close()]).finally(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
