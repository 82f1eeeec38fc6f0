import { execFileSync } from 'node:child_process'
import { launchChromium } from '../test/support/chromium'
import { startDemoConsoleProcess, startWebMode } from '../test/support/processes'
import { tempDir } from '../test/support/temp'

/**
 * With 20,000 cards loaded in the Cards screen (Chromium, web mode, a demo console seeded large),
 * the time from a filter keystroke to the next painted frame. Target: p95 ≤ 50 ms.
 */
const TARGET_P95_MS = 50
const cli = (data: string, ...args: string[]) =>
  JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', 'src/main/cli.ts', '--data', data, ...args], {
      encoding: 'utf8'
    })
  )

const consoleDir = await tempDir()
const appDir = await tempDir()
execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], { stdio: 'ignore' })
const demo = await startDemoConsoleProcess(consoleDir.path, ['--seed', 'large'])
let exitCode = 1
try {
  const cert = cli(appDir.path, 'connections.probe', JSON.stringify({ url: demo.info.url }))
  const saved = cli(
    appDir.path,
    'connections.save',
    JSON.stringify({
      name: 'Large site',
      url: demo.info.url,
      token: demo.info.tokens.full,
      fingerprint256: cert.fingerprint256
    })
  )
  cli(appDir.path, 'connections.select', JSON.stringify({ id: saved.id }))
  const web = await startWebMode(appDir.path)
  const browser = await launchChromium()
  try {
    const { page } = browser
    await page.goto(web.info.url)
    await page.getByRole('button', { name: 'Cards' }).click()
    const started = Date.now()
    await page.waitForFunction(
      () => /of 20,000 cards/.test(document.querySelector('[data-testid=card-count]')?.textContent ?? ''),
      null,
      {
        timeout: 120_000
      }
    )
    console.log(`20,000 cards fetched and shown in ${Date.now() - started} ms`)
    // Passed as source text: tsx would inject helpers (__name) the page does not have.
    const samples: number[] = await page.evaluate(`(async () => {
      const input = document.querySelector('input[aria-label="Filter cards"]')
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      const times = []
      for (const query of ['1', '10', '100', '1000', '100', '10', '1', '', 'a', 'al', 'ali', 'alic', 'alice', '', 'lobby', '']) {
        const t0 = performance.now()
        input.value = query
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await frame()
        times.push(performance.now() - t0)
      }
      for (let round = 0; round < 3; round++) {
        for (const ch of '20') {
          const t0 = performance.now()
          input.value += ch
          input.dispatchEvent(new Event('input', { bubbles: true }))
          await frame()
          times.push(performance.now() - t0)
        }
        const t0 = performance.now()
        input.value = ''
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await frame()
        times.push(performance.now() - t0)
      }
      return times
    })()`)
    samples.sort((a, b) => a - b)
    const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!
    console.log(
      `filter keystroke → painted frame over ${samples.length} keystrokes: median ${pct(0.5).toFixed(1)} ms, ` +
        `p95 ${pct(0.95).toFixed(1)} ms, max ${samples.at(-1)!.toFixed(1)} ms (target p95 ≤ ${TARGET_P95_MS} ms)`
    )
    exitCode = pct(0.95) <= TARGET_P95_MS ? 0 : 1
  } finally {
    await browser.close()
    await web.stop()
  }
} finally {
  await demo.stop()
  await consoleDir.remove()
  await appDir.remove()
}
process.exit(exitCode)
