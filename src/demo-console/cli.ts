import { parseArgs } from 'node:util'
import { join } from 'node:path'
import { homedir } from 'node:os'
import { startDemoConsole } from './server'
import { startDemoSites } from './sites'
import { seedNames, type SeedName } from './state/seed'

/**
 * `npm run -s demo-console -- [--host H] [--port N] [--data DIR] [--version X.Y.Z] [--seed demo|large] [--cards N] [--sites N]`
 * Prints exactly one JSON line when ready (other tools parse it), then serves until SIGINT/SIGTERM.
 * `--cards N`: seed N NFC cards instead of the seed's 120 or 20,000 (0–1,000,000; only when the data dir
 * is new: a seeded one keeps its cards).
 * With `--sites N`: N consoles (sites.ts), the line is `{sites: [{site, name, url, fingerprint256, tokens}, …]}`.
 */
const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '0' },
    data: { type: 'string' },
    version: { type: 'string' },
    seed: { type: 'string', default: 'demo' },
    cards: { type: 'string' },
    sites: { type: 'string' }
  },
  strict: true
})

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`--port must be 0–65535 (0 picks a free port), got ${values.port}\n`)
  process.exit(2)
}
if (!(seedNames as readonly string[]).includes(values.seed)) {
  process.stderr.write(`--seed must be one of ${seedNames.join(', ')}, got ${values.seed}\n`)
  process.exit(2)
}

const cards = values.cards === undefined ? undefined : Number(values.cards)
if (cards !== undefined && (!Number.isInteger(cards) || cards < 0 || cards > 1_000_000)) {
  process.stderr.write(`--cards must be 0–1000000, got ${values.cards}\n`)
  process.exit(2)
}

const sites = values.sites === undefined ? undefined : Number(values.sites)
if (sites !== undefined && (!Number.isInteger(sites) || sites < 1 || sites > 50)) {
  process.stderr.write(`--sites must be 1–50, got ${values.sites}\n`)
  process.exit(2)
}
const dataDir = values.data ?? join(homedir(), '.local', 'share', 'access-desk-demo-console')
/** What one console and several sites are started with alike. */
const options = { host: values.host, port, dataDir, version: values.version, seed: values.seed as SeedName, cards }

if (sites !== undefined) {
  const started = await startDemoSites({ sites, ...options })
  const line = started.map((s) => ({
    site: s.site,
    name: s.name,
    url: s.url,
    fingerprint256: s.fingerprint256,
    tokens: s.tokens
  }))
  process.stdout.write(JSON.stringify({ sites: line }) + '\n')
  const stopAll = () => {
    void Promise.allSettled(started.map((s) => s.close())).then(() => process.exit(0))
  }
  process.once('SIGINT', stopAll)
  process.once('SIGTERM', stopAll)
} else {
  await single()
}

async function single() {
  const demo = await startDemoConsole(options)

  process.stdout.write(
    JSON.stringify({ url: demo.url, fingerprint256: demo.fingerprint256, tokens: demo.tokens }) + '\n'
  )

  const stop = () => {
    void demo.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
