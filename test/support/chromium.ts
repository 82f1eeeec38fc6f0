import { inject } from 'vitest'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { CHROMIUM_EXECUTABLE, CHROMIUM_SWITCHES } from './chromium-switches'

/**
 * A browser of its own for a test file: a new context (its own storage, cookies, permissions and downloads,
 * as a fresh profile has) at `viewport` in the run's one headless Chromium, which the project's
 * `globalSetup` started (test/support/chromium-server.ts). `close()` ends the context and the connection.
 */
export async function launchChromium(viewport = { width: 1280, height: 860 }): Promise<{
  context: BrowserContext
  page: Page
  /** Console errors and uncaught exceptions of the page (CSP violations show up here too). */
  errors: string[]
  /** Contract channels the page called over web mode's bridge, in order: proves what was (not) sent. */
  sentChannels: string[]
  /**
   * Resolves once the tab has settled: every call it made over the bridge answered (and every request it made
   * done), then nothing on the page changed for `quietMs` (100 by default) and a frame painted: each answer
   * drawn, its announcement said, the focus moved where it goes. Ends on the event, not after a fixed time:
   * a read that takes 2 s on a loaded machine is waited for. The quiet is longer than the renderer's timers
   * on an action's way (the announcer's 30 ms; `keepFocus` acts in the next task or frame), so an outcome
   * that comes late still comes before it ends.
   */
  settled(options?: { quietMs?: number }): Promise<void>
  close(): Promise<void>
}> {
  const browser = await runsBrowser()
  const context = await browser.newContext({ viewport }).catch(async (err: unknown) => {
    await browser.close()
    throw err
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`))
  const sentChannels: string[] = []
  // The bridge's calls not yet answered, by id (a reload opens a new socket: its ids start again).
  let inFlight = new Set<number>()
  page.on('websocket', (ws) => {
    const calls = new Set<number>()
    inFlight = calls
    ws.on('framesent', (frame) => {
      const m = /"channel":"([a-zA-Z]+\.[a-zA-Z]+)"/.exec(String(frame.payload))
      if (m) sentChannels.push(m[1]!)
      const call = /^\{"type":"call","id":(\d+),/.exec(String(frame.payload))
      if (call) calls.add(Number(call[1]))
    })
    ws.on('framereceived', (frame) => {
      const result = /^\{"type":"result","id":(\d+),/.exec(String(frame.payload))
      if (result) calls.delete(Number(result[1]))
    })
    ws.on('close', () => calls.clear())
  })
  // And its HTTP requests not yet done: a screen's code loaded on first use is fetched, not called.
  const requests = new Set<object>()
  page.on('request', (r) => requests.add(r))
  page.on('requestfinished', (r) => requests.delete(r))
  page.on('requestfailed', (r) => requests.delete(r))
  const settled = (options: { quietMs?: number } = {}) =>
    tabSettled(page, () => inFlight.size + requests.size, options.quietMs ?? 100)
  return {
    context,
    page,
    errors,
    sentChannels,
    settled,
    close: async () => {
      await context.close()
      // Disconnecting also closes any context of this connection still open (a second tab's included).
      await browser.close()
    }
  }
}

/** How long a tab may keep drawing or calling before `settled` gives up waiting: it then fails the test. */
const SETTLE_BOUND_MS = 20_000

/**
 * No call in flight, then no change to the page (nodes, text, attributes) and no call sent for `quietMs`;
 * the page's clock counts the quiet, so a paint held up by a busy machine is not mistaken for it.
 */
async function tabSettled(page: Page, callsInFlight: () => number, quietMs: number): Promise<void> {
  const started = Date.now()
  for (;;) {
    while (callsInFlight() > 0) {
      if (Date.now() - started > SETTLE_BOUND_MS)
        throw new Error(`the tab still had ${callsInFlight()} calls or requests unanswered`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const quiet = await page.evaluate(
      ({ quietMs, boundMs }) =>
        new Promise<boolean>((resolve) => {
          let timer = setTimeout(done, quietMs)
          const bound = setTimeout(() => finish(false), boundMs)
          const observer = new MutationObserver(() => {
            clearTimeout(timer)
            timer = setTimeout(done, quietMs)
          })
          // A frame painted after the quiet: what was changed last has been drawn.
          function done() {
            requestAnimationFrame(() => finish(true))
          }
          function finish(ok: boolean) {
            observer.disconnect()
            clearTimeout(timer)
            clearTimeout(bound)
            resolve(ok)
          }
          observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
        }),
      { quietMs, boundMs: Math.max(1000, SETTLE_BOUND_MS - (Date.now() - started)) }
    )
    if (!quiet) throw new Error(`the page kept changing for ${SETTLE_BOUND_MS / 1000} s`)
    if (callsInFlight() === 0) return
  }
}

/**
 * Under vitest, the run's one Chromium (its project's globalSetup started it); outside vitest (a benchmark
 * under bench/ drives the same helpers) a Chromium of its own with the same switches, closed with the context.
 */
async function runsBrowser(): Promise<Browser> {
  if (!process.env['VITEST'])
    return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, headless: true, args: CHROMIUM_SWITCHES })
  const endpoint = inject('chromiumServer')
  if (!endpoint) {
    throw new Error(
      "No shared Chromium in this project: add globalSetup: ['test/support/chromium-server.ts'] to its vitest config"
    )
  }
  return chromium.connect(endpoint)
}

/** Open web mode's address and wait until the app shows the built-in demo console as active. */
export async function openDemoApp(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page
    .getByTestId('active-connection')
    .getByTitle(/simulated console/)
    .waitFor()
}
