import { performance } from 'node:perf_hooks'
import { createAccessClient } from '../src/main/services/access/client'
import { probeCertificate } from '../src/main/services/access/tls-pinning'
import { DEFAULT_ALL_PAGE_SIZE } from '../src/main/services/access/pagination'
import { bareFetcher, median } from './support/list-bench'
import { benchOnLargeSite } from './support/large-site'

/**
 * Fetching all 20,000 cards: the client's nfcCards.all() (node:https transport, envelope check, cards validated, retries
 * wired in) against a bare node:https loop over the same pages (same page size, same concurrency,
 * JSON.parse only). The console runs in a child process so its CPU is not ours. Target: the client
 * takes at most 1.2× the bare loop (median of several runs). The page size is the one the app
 * uses (the client's default, what the card inventory asks for); both loops use it.
 * `BENCH_PAGE_SIZE=500` measures another size, for comparison.
 */
const PAGE_SIZE = Number(process.env.BENCH_PAGE_SIZE ?? DEFAULT_ALL_PAGE_SIZE)
const CONCURRENCY = 4
const RUNS = 9
const WARM_RUNS = 3
const TARGET_RATIO = 1.2
const EXPECTED_CARDS = 20_000

await benchOnLargeSite('cards-fetch-bench', async ({ demo, judge }) => {
  const { pin } = await probeCertificate(demo.info.url)
  if (pin.fingerprint256 !== demo.info.fingerprint256) throw new Error('the console presented another certificate')
  const token = demo.info.tokens.full
  const client = createAccessClient({ baseUrl: demo.info.url, token, pin })

  const viaClient = async () => (await client.nfcCards.all({ pageSize: PAGE_SIZE, concurrency: CONCURRENCY })).length
  // The floor: the same pages, same page size and concurrency, JSON.parse only, no validation.
  const bare = bareFetcher(demo.info, pin)
  const viaBare = async () => (await bare('/credentials/nfc_cards/tokens', PAGE_SIZE, CONCURRENCY)).count

  // Warm up both paths (JIT, the console's first serialisation, TLS session). Three runs each: after
  // one, the client's first timed runs were still 95–105 ms against 55–65 for the rest (its HTTP
  // layer runs 20 times per fetch and is optimised only after a few fetches), which moved its median.
  const counts: number[] = []
  for (let i = 0; i < WARM_RUNS; i++) counts.push(await viaClient(), await viaBare())
  if (counts.some((c) => c !== EXPECTED_CARDS))
    throw new Error(`expected ${EXPECTED_CARDS} cards, got ${counts.join(' / ')}`)

  const clientMs: number[] = []
  const bareMs: number[] = []
  // Our process's CPU per run too: on a shared machine wall time is mostly other people's load.
  const clientCpu: number[] = []
  const bareCpu: number[] = []
  for (let i = 0; i < RUNS; i++) {
    // Alternate the order so neither path always runs on a warmer console.
    for (const which of i % 2 ? (['bare', 'client'] as const) : (['client', 'bare'] as const)) {
      const cpu = process.cpuUsage()
      const started = performance.now()
      const n = which === 'client' ? await viaClient() : await viaBare()
      const ms = performance.now() - started
      const used = process.cpuUsage(cpu)
      if (n !== EXPECTED_CARDS) throw new Error(`${which}: ${n} cards`)
      ;(which === 'client' ? clientMs : bareMs).push(ms)
      ;(which === 'client' ? clientCpu : bareCpu).push((used.user + used.system) / 1000)
    }
  }
  const kept = await client.nfcCards.all({ pageSize: PAGE_SIZE, concurrency: CONCURRENCY })
  // What stays once the garbage of the runs is collected (run.ts starts benches with --expose-gc).
  globalThis.gc?.()
  const mem = process.memoryUsage()
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`

  const ratio = median(clientMs) / median(bareMs)
  console.log(`cards: ${EXPECTED_CARDS}, page size ${PAGE_SIZE}, concurrency ${CONCURRENCY}, runs ${RUNS}`)
  console.log(
    `client nfcCards.all(): median ${median(clientMs).toFixed(0)} ms  (runs: ${clientMs.map((m) => m.toFixed(0)).join(', ')})`
  )
  console.log(
    `bare node:https loop:  median ${median(bareMs).toFixed(0)} ms  (runs: ${bareMs.map((m) => m.toFixed(0)).join(', ')})`
  )
  console.log(
    `our CPU per run (median): client ${median(clientCpu).toFixed(0)} ms, bare ${median(bareCpu).toFixed(0)} ms`
  )
  console.log(`ratio client/bare (wall): ${ratio.toFixed(3)} (target ≤ ${TARGET_RATIO})`)
  console.log(`ratio client/bare (our CPU): ${(median(clientCpu) / median(bareCpu)).toFixed(3)} (for information)`)
  console.log(
    `memory with ${kept.length} cards held: rss ${mb(mem.rss)}, heapUsed ${mb(mem.heapUsed)}, heapTotal ${mb(mem.heapTotal)}, external ${mb(mem.external)}`
  )
  client.close()
  console.log(`client within ${TARGET_RATIO}× the bare loop: ${judge('client/bare ratio', ratio <= TARGET_RATIO)}`)
})
