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
  page.on('websocket', (ws) =>
    ws.on('framesent', (frame) => {
      const m = /"channel":"([a-zA-Z]+\.[a-zA-Z]+)"/.exec(String(frame.payload))
      if (m) sentChannels.push(m[1]!)
    })
  )
  return {
    context,
    page,
    errors,
    sentChannels,
    close: async () => {
      await context.close()
      // Disconnecting also closes any context of this connection still open (a second tab's included).
      await browser.close()
    }
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
