import { parseArgs } from 'node:util'
import { resolve } from 'node:path'
import { existsSync } from 'node:fs'
import { createNodeServices, defaultDataDir } from '../main/services/node-app'
import { createDispatch } from '../main/services/ipc/dispatch'
import { createHandlers } from '../main/handlers'
import { startWebServer } from './server'
import { startDemoConsole } from '../demo-console/server'
import { AppError } from '../shared/errors'

/** `npm run web`: the main-process handlers in Node, the renderer in a browser tab. */
const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    port: { type: 'string', default: '0' },
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
const services = await createNodeServices({ dataDir, transport: 'web', startDemoConsole }).catch((err: unknown) => {
  const { message, hint } = AppError.from(err)
  process.stderr.write(`${message}\n${hint ? hint + '\n' : ''}`)
  process.exit(1)
})
const web = await startWebServer({
  rendererDir,
  dispatch: createDispatch(createHandlers(services)),
  events: services.events,
  port: Number(values.port),
  secret: process.env['ACCESS_DESK_WEB_SECRET']
})
services.prepare()
process.stdout.write(
  JSON.stringify({ event: 'ready', url: web.url, dataDir }) +
    '\n' +
    `Access Desk (web mode) is ready. Open: ${web.url}\n`
)

const stop = () => {
  void Promise.all([web.close(), services.close()]).finally(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
