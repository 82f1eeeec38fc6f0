/**
 * Reader latency: what the app adds between a card arriving and `reader.card` reaching the renderer.
 *
 * pcscd + vpcd + the virtual card; N insert/remove cycles. In the same run, a plain process (this
 * file with --raw-observer) runs bare nfc-pcsc on the same reader and timestamps its `card` event;
 * this process plays main (supervisor → forked reader host). vpcd is polled every ~400 ms, so
 * absolute arrival times are vpcd's; the figure that matters is the difference to the raw event.
 * The host reads the UID itself (FF CA 00 00 00, needed for ISO 14443-4 cards); that exchange is
 * vpcd's cost, not ours, and is reported apart. Main forwards every event through web mode's real
 * transport (event hub → authenticated WebSocket) to the built renderer in Chromium, which stamps
 * its arrival. Target: median app overhead, card → renderer, ≤ 10 ms.
 */
import { fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const now = () => performance.timeOrigin + performance.now()
const READER = 'Virtual PCD 00 00'

if (process.argv.includes('--raw-observer')) {
  // Plain nfc-pcsc, nothing of the app's: the reference event.
  const { NFC } = createRequire(import.meta.url)('nfc-pcsc') as typeof import('nfc-pcsc')
  const nfc = new NFC()
  nfc.on('error', (err) => console.error('raw observer:', err.message))
  nfc.on('reader', (reader) => {
    reader.autoProcessing = false
    reader.on('error', () => {})
    if (reader.name !== READER) return
    reader.on('card', () => process.stdout.write(`${JSON.stringify({ card: now() })}\n`))
    process.stdout.write(`${JSON.stringify({ ready: true })}\n`)
  })
} else {
  await main()
}

async function main(): Promise<void> {
  const { startPcscd } = await import('../test/support/pcscd')
  const { readyLine } = await import('../test/support/processes')
  const { VirtualCard } = await import('../test/support/virtual-card')
  const { ReaderSupervisor } = await import('../src/main/services/reader/supervisor')
  const { forkNodeHost } = await import('../src/main/services/reader/fork-node')
  const { createEventHub } = await import('../src/main/services/events')
  const { startWebServer } = await import('../src/web/server')
  const { launchChromium } = await import('../test/support/chromium')
  const { existsSync } = await import('node:fs')
  const { execFileSync } = await import('node:child_process')

  const N = Number(process.env['READER_BENCH_CYCLES'] ?? 20)
  const TARGET_MS = 10
  const pcscd = await startPcscd()
  let failed = false
  const stopAll: (() => Promise<void> | void)[] = [() => pcscd.stop()]
  try {
    const raw: number[] = []
    const observer = fork(fileURLToPath(import.meta.url), ['--raw-observer'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc']
    })
    stopAll.unshift(() => void observer.kill('SIGKILL'))
    createInterface({ input: observer.stdout! }).on('line', (line) => {
      const msg = JSON.parse(line) as { card?: number }
      if (msg.card) raw.push(msg.card)
    })
    // Fails if the observer exits first (nfc-pcsc missing, pcscd gone) or never sees the reader:
    // the benchmark then ends and releases pcscd instead of waiting forever.
    const observerReady = readyLine(
      observer,
      'the raw nfc-pcsc observer',
      (line) => ((JSON.parse(line) as { ready?: true }).ready ? true : undefined),
      { timeoutMs: 30_000 }
    )
    // Awaited once the rest is set up; until then its failure is not an unhandled rejection.
    observerReady.catch(() => {})

    // The renderer side: the built renderer in Chromium over web mode's WebSocket bridge.
    if (!existsSync('out/renderer/index.html')) {
      execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], { stdio: 'ignore' })
    }
    const events = createEventHub()
    const web = await startWebServer({
      rendererDir: `${process.cwd()}/out/renderer`,
      events,
      // The screens' own calls are not part of this measurement: answer them with an error.
      dispatch: async () => ({
        ok: false,
        error: { kind: 'server', message: 'not in this benchmark', retryable: false }
      })
    })
    stopAll.unshift(() => web.close())
    const browser = await launchChromium()
    stopAll.unshift(() => browser.close())
    await browser.page.goto(web.url)
    // Poll with evaluate (CDP, not bound by the page's CSP); waitForFunction would need eval.
    const pageHas = async (expression: string, what: string) => {
      const deadline = Date.now() + 10_000
      while (!(await browser.page.evaluate(expression))) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
        await sleep(5)
      }
    }
    await pageHas('window.api !== undefined', 'the web bridge')
    // Source text: tsx would inject helpers the page does not have.
    await browser.page.evaluate(
      `window.__cards = []; window.api.on('reader.card', () => window.__cards.push(performance.timeOrigin + performance.now()))`
    )

    const delivered: number[] = []
    const host: { detectedAt: number; uidAt: number }[] = []
    let removed = 0
    let ready = false
    const supervisor = new ReaderSupervisor({
      forkHost: forkNodeHost,
      emit: (event, payload) => {
        const at = now()
        events.emit(event, payload)
        if (event === 'reader.card') delivered.push(at)
        if (event === 'reader.removed') removed++
        if (event === 'reader.status' && (payload as { state: string }).state === 'ready') ready = true
      },
      onHostMessage: (m) => {
        if (m.type === 'card') host.push({ detectedAt: m.detectedAt, uidAt: m.uidAt })
      }
    })
    stopAll.unshift(() => supervisor.stop())
    supervisor.select(READER)
    await observerReady
    await until(() => ready, 20_000, 'reader ready')

    const card = new VirtualCard({ uid: '04A23B1C' })
    const inserted: number[] = []
    for (let i = 0; i < N; i++) {
      inserted.push(now())
      await card.insert()
      await until(() => delivered.length > i && raw.length > i && host.length > i, 10_000, `card ${i + 1}`)
      await pageHas(`window.__cards.length > ${i}`, `card ${i + 1} in the renderer`)
      card.remove()
      await until(() => removed > i, 10_000, `removal ${i + 1}`)
      // Land the next insert at a different point of pcscd's 400 ms polling cycle.
      await sleep(100 + Math.random() * 300)
    }

    const inRenderer = (await browser.page.evaluate('window.__cards')) as number[]
    const rows = delivered.map((d, i) => ({
      arrivalRenderer: inRenderer[i]! - inserted[i]!,
      toRenderer: inRenderer[i]! - d,
      arrivalRaw: raw[i]! - inserted[i]!,
      arrivalApp: d - inserted[i]!,
      appMinusRaw: d - raw[i]!,
      uidRead: host[i]!.uidAt - host[i]!.detectedAt,
      hostVsRaw: host[i]!.detectedAt - raw[i]!,
      messaging: d - host[i]!.uidAt
    }))
    const med = (key: keyof (typeof rows)[number]) => median(rows.map((r) => r[key]))
    const max = (key: keyof (typeof rows)[number]) => Math.max(...rows.map((r) => r[key]))
    const overhead = median(rows.map((r) => r.appMinusRaw - r.uidRead + r.toRenderer))
    const fmt = (n: number) => `${n.toFixed(1)} ms`
    console.log(`reader latency, ${N} insert/remove cycles on pcscd + vpcd (median / max):`)
    console.log(
      `  insert → raw nfc-pcsc card event (plain process):  ${fmt(med('arrivalRaw'))} / ${fmt(max('arrivalRaw'))}`
    )
    console.log(
      `  insert → reader.card delivered in main:            ${fmt(med('arrivalApp'))} / ${fmt(max('arrivalApp'))}`
    )
    console.log(
      `  insert → reader.card in the renderer (Chromium):  ${fmt(med('arrivalRenderer'))} / ${fmt(max('arrivalRenderer'))}`
    )
    console.log(
      `  difference, reader.card in main − raw event:       ${fmt(med('appMinusRaw'))} / ${fmt(max('appMinusRaw'))}`
    )
    console.log(`    of which GET UID exchange with vpcd (FF CA):     ${fmt(med('uidRead'))} / ${fmt(max('uidRead'))}`)
    console.log(
      `    host's nfc-pcsc event − plain process's:         ${fmt(med('hostVsRaw'))} / ${fmt(max('hostVsRaw'))}`
    )
    console.log(
      `    host → supervisor → event (IPC + zod):           ${fmt(med('messaging'))} / ${fmt(max('messaging'))}`
    )
    console.log(
      `    main → renderer (event hub, WebSocket, Chromium):  ${fmt(med('toRenderer'))} / ${fmt(max('toRenderer'))}`
    )
    console.log(
      `  app overhead to the renderer (difference − GET UID + main → renderer), median: ${fmt(overhead)} (target ≤ ${TARGET_MS} ms)`
    )
    if (!(overhead <= TARGET_MS)) {
      console.log('MISSED: the reader path adds more than the target')
      failed = true
    }
  } catch (err) {
    console.error(err)
    failed = true
  } finally {
    for (const stop of stopAll) await stop()
  }
  process.exit(failed ? 1 : 0)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms))
}

async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(2)
  }
}
