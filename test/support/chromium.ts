import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

/** Debian's Chromium, headless, a fresh profile, no background networking (never a download). */
export async function launchChromium(): Promise<{
  context: BrowserContext
  page: Page
  /** Console errors and uncaught exceptions of the page (CSP violations show up here too). */
  errors: string[]
  close(): Promise<void>
}> {
  const profile = await mkdtemp(join(tmpdir(), 'access-desk-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 860 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync'
    ]
  })
  const page = context.pages()[0] ?? (await context.newPage())
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`))
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    }
  }
}
