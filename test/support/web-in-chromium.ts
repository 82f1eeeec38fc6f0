import { launchChromium, openDemoApp } from './chromium'
import { startWebMode, type Started, type WebModeInfo } from './processes'
import { tempDir } from './temp'

export type TestBrowser = Awaited<ReturnType<typeof launchChromium>>

/** Web mode on a fresh data folder with its page open in a browser of the test file's own. */
export interface WebInChromium {
  dataDir: string
  web: Started<WebModeInfo>
  browser: TestBrowser
  /** The data folder removed (after the caller has stopped what runs on it). */
  removeData(): Promise<void>
}

/**
 * Web mode started on a fresh data folder (first start → the built-in demo console) while the browser
 * context opens beside it — the two starts overlap, the slowest part of a file's setup — then the app
 * opened and waited for until the sidebar shows the demo console active. Whatever was started is
 * stopped again if any step fails: a failed setup never leaves web mode running.
 */
export async function openWebInChromium(options: {
  /** The temporary data folder's name prefix. */
  prefix: string
  viewport?: { width: number; height: number }
  /** How web mode is started: by default as `npm run web` runs it. */
  start?: (dataDir: string) => Promise<Started<WebModeInfo>>
}): Promise<WebInChromium> {
  const data = await tempDir(options.prefix)
  const [web, browser] = await Promise.allSettled([
    (options.start ?? startWebMode)(data.path),
    launchChromium(options.viewport ?? { width: 1366, height: 768 })
  ])
  const undo = async () => {
    if (browser.status === 'fulfilled') await browser.value.close()
    if (web.status === 'fulfilled') await web.value.stop()
    await data.remove()
  }
  if (web.status === 'rejected' || browser.status === 'rejected') {
    await undo()
    throw web.status === 'rejected' ? web.reason : (browser as PromiseRejectedResult).reason
  }
  try {
    await openDemoApp(browser.value.page, web.value.info.url)
  } catch (err) {
    await undo()
    throw err
  }
  return { dataDir: data.path, web: web.value, browser: browser.value, removeData: () => data.remove() }
}
