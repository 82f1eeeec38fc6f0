import { launchCdpPage, type CdpPage } from './cdp-page'
import { startBundledWebMode } from './list-bench'

type BundledWebMode = Awaited<ReturnType<typeof startBundledWebMode>>

/**
 * Web mode (bundled, as it ships) on `dataDir` and a bare DevTools page at `viewport` for the benchmarks
 * that measure a screen: `body` measures, then both are ended whatever happened — a Chromium that fails
 * to start included, which must not leave web mode running after the benchmark has exited.
 */
export async function withWebModeAndPage<T>(
  dataDir: string,
  viewport: { width: number; height: number },
  body: (web: BundledWebMode, page: CdpPage) => Promise<T>
): Promise<T> {
  const web = await startBundledWebMode(dataDir)
  try {
    const page = await launchCdpPage(viewport)
    try {
      return await body(web, page)
    } finally {
      await page.close()
    }
  } finally {
    await web.stop()
  }
}
