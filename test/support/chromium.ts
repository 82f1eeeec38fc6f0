import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

/** The switches of every Chromium the tests and benchmarks start (no background networking, never a download). */
export const CHROMIUM_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156+ keeps a page "being printed" after window.print() while its print preview
  // waits for a person, and every later page.pdf() is refused; without the preview, print()
  // returns at once, as it did before, and the PDF is still what print media renders.
  '--disable-print-preview'
]

/** Debian's Chromium, headless, a fresh profile, no background networking (never a download). */
export async function launchChromium(viewport = { width: 1280, height: 860 }): Promise<{
  context: BrowserContext
  page: Page
  /** Console errors and uncaught exceptions of the page (CSP violations show up here too). */
  errors: string[]
  /** Contract channels the page called over web mode's bridge, in order: proves what was (not) sent. */
  sentChannels: string[]
  close(): Promise<void>
}> {
  const profile = await mkdtemp(join(tmpdir(), 'access-desk-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    headless: true,
    viewport,
    args: CHROMIUM_SWITCHES
  })
  const page = context.pages()[0] ?? (await context.newPage())
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
      await rm(profile, { recursive: true, force: true })
    }
  }
}

/** Open web mode's address and wait until the app shows the built-in demo console as active. */
export async function openDemoApp(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page
    .getByTestId('active-connection')
    .getByTitle(/simulated console/)
    .waitFor()
}
