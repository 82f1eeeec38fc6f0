import { findDemoConsole, type FoundDemo } from './demo-found'
import { startWebMode, type Started, type WebModeInfo } from './processes'
import { openWebInChromium, type TestBrowser } from './web-in-chromium'

/**
 * Web mode that a test kills (SIGKILL: a crash, a closed terminal) and starts again on the same data
 * folder, with Chromium at 1366×768 on its page: for tests of what the open tab says while the
 * service is down and once it is back. Only the processes started here are killed or stopped.
 */
export interface RestartableWeb {
  /** Web mode as it runs now (the one started last). */
  readonly web: Started<WebModeInfo>
  readonly browser: TestBrowser
  readonly dataDir: string
  /** Kill web mode, wait for it to exit and for the tab to see its service lost. */
  kill(): Promise<void>
  /**
   * Start web mode again on the same data folder; resolves once the tab says it is connected again
   * (`back`: those words in the desk's language, English by default).
   */
  restart(back?: RegExp): Promise<void>
  /** The demo console inside web mode, at its address now (asked anew after a restart). */
  demo(): Promise<FoundDemo>
  close(): Promise<void>
}

export async function startRestartableWeb(
  options: {
    /** The temporary data folder's name prefix. */
    prefix?: string
    /** How web mode is started (and started again): by default as `npm run web` runs it. */
    start?: (dataDir: string) => Promise<Started<WebModeInfo>>
  } = {}
): Promise<RestartableWeb> {
  const start = options.start ?? startWebMode
  const opened = await openWebInChromium({ prefix: options.prefix ?? 'access-desk-restart-', start })
  const { browser } = opened
  let web = opened.web
  const close = async () => {
    await browser.close()
    await web.stop()
    await opened.removeData()
  }
  const page = browser.page
  return {
    get web() {
      return web
    },
    browser,
    dataDir: opened.dataDir,
    async kill() {
      const child = web.child
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
      await page.locator('html[data-bridge-status="lost"]').waitFor({ state: 'attached', timeout: 15_000 })
    },
    async restart(back = /Connected to Access Desk's local service again/) {
      web = await start(opened.dataDir)
      await page.getByText(back).waitFor({ timeout: 20_000 })
    },
    demo: () => findDemoConsole(page, opened.dataDir),
    close
  }
}
