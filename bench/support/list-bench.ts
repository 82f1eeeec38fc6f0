import https from 'node:https'
import { execFileSync, spawn } from 'node:child_process'
import { readyLine } from '../../test/support/processes'
import { existsSync, readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { API_PREFIX } from '../../src/shared/access/endpoints'

/**
 * What the list benchmarks share: the bare fetch they are judged against, the app set up on a
 * large demo console, and in-page timings taken by the page's own clock (no round trip to the
 * test process inside a figure).
 */

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
}

export const cli = (data: string, ...args: string[]) => cliWithStdin(data, '', ...args)
/** The CLI takes an API token on standard input only (never as an argument: the process list shows those). */
const cliWithStdin = (data: string, stdin: string, ...args: string[]) =>
  JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', 'src/main/cli.ts', '--data', data, ...args], {
      encoding: 'utf8',
      input: stdin
    })
  )

/** Save and select the console in the app's data dir, as Settings → Connection does. */
export function connectApp(appDir: string, console: { url: string; tokens: { full: string } }): void {
  const cert = cli(appDir, 'connections.probe', JSON.stringify({ url: console.url }))
  const saved = cliWithStdin(
    appDir,
    console.tokens.full,
    'connections.save',
    JSON.stringify({
      name: 'Large site',
      url: console.url,
      fingerprint256: cert.fingerprint256
    })
  )
  cli(appDir, 'connections.select', JSON.stringify({ id: saved.id }))
}

export function buildRenderer(): void {
  execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], { stdio: 'ignore' })
}

function getJson(
  agent: https.Agent,
  url: string,
  token: string
): Promise<{ data: unknown[]; pagination?: { total: number } }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { agent, headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
          } catch (err) {
            reject(err)
          }
        })
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

export interface BareFetch {
  /** Every page fetched and parsed. */
  ms: number
  /** The first page alone (what the first rows wait for at least). */
  firstMs: number
  count: number
}

/**
 * The floor: the same pages as the app reads (same page size and concurrency), node:https with a
 * keep-alive agent trusting the console's certificate, JSON.parse only, no validation.
 */
export function bareFetcher(
  base: { url: string; tokens: { full: string } },
  pin: { fingerprint256: string; pems: string[] }
) {
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: 6,
    ca: pin.pems,
    checkServerIdentity: (_h, cert) => (cert.fingerprint256 === pin.fingerprint256 ? undefined : new Error('pin'))
  })
  return async (path: string, pageSize: number, concurrency = 4): Promise<BareFetch> => {
    const sep = path.includes('?') ? '&' : '?'
    const page = (n: number) =>
      getJson(agent, `${base.url}${API_PREFIX}${path}${sep}page_num=${n}&page_size=${pageSize}`, base.tokens.full)
    const started = performance.now()
    const first = await page(1)
    const firstMs = performance.now() - started
    let count = first.data.length
    const last = Math.ceil((first.pagination?.total ?? 0) / pageSize)
    let next = 2
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next <= last) {
          const n = next++
          // Read after the await: `count += await …` would add to a stale count.
          const { data } = await page(n)
          count += data.length
        }
      })
    )
    return { ms: performance.now() - started, firstMs, count }
  }
}

/** The same fetch in a fresh process (support/cold-bare.ts): what a first open after start is up against. */
export function coldBareFetch(
  base: { url: string; tokens: { full: string } },
  pin: { fingerprint256: string; pems: string[] },
  path: string,
  pageSize: number
): BareFetch {
  const input = JSON.stringify({ base: { url: base.url, tokens: { full: base.tokens.full } }, pin, path, pageSize })
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/support/cold-bare.ts', input], {
    encoding: 'utf8'
  })
  return JSON.parse(out) as BareFetch
}

/** Resident memory of a process (our web-mode main), from /proc. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN)
  return kb / 1024
}

/**
 * Click a navigation button and time, by the page's clock, the first animation frame in which
 * `firstSelector` matches (first rows drawn) and the one in which `done()` holds (every row there).
 * Both are checked once per frame, so a figure is when that frame was drawn (±1 frame).
 */
export async function timeOpen(
  page: Evaluates,
  navLabel: string,
  firstSelector: string,
  doneSource: string
): Promise<{ firstMs: number; doneMs: number }> {
  return page.evaluate(`(async () => {
    const done = ${doneSource}
    const button = [...document.querySelectorAll('nav button')].find((b) => b.textContent.trim() === ${JSON.stringify(navLabel)})
    const t0 = performance.now()
    button.click()
    let firstMs
    return await new Promise((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error('the list did not finish in 120 s')), 120000)
      const frame = () => {
        const now = performance.now() - t0
        if (firstMs === undefined && document.querySelector(${JSON.stringify(firstSelector)})) firstMs = now
        if (firstMs !== undefined && done()) {
          clearTimeout(timeout)
          resolve({ firstMs, doneMs: now })
        } else requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
  })()`) as Promise<{ firstMs: number; doneMs: number }>
}

/**
 * Filter keystrokes (value set, input event) timed to the next painted frame, by the page's clock.
 * `whileSource` (optional): keep typing while it holds, at least `min` keystrokes.
 * `shownSource` (optional): a function of the query typed that holds once the screen shows the
 * answer to it (a filter answered by main arrives a moment after the keystroke): the time is then
 * to the first painted frame that shows it.
 */
export async function timeKeystrokes(
  page: Evaluates,
  inputSelector: string,
  queries: string[],
  options: { whileSource?: string; shownSource?: string; min?: number; max?: number; gapMs?: number } = {}
): Promise<number[]> {
  return page.evaluate(`(async () => {
    const shown = ${options.shownSource ?? '() => true'}
    const gap = () => new Promise((resolve) => setTimeout(resolve, ${options.gapMs ?? 0}))
    const input = document.querySelector(${JSON.stringify(inputSelector)})
    const keepGoing = ${options.whileSource ?? '() => false'}
    const queries = ${JSON.stringify(queries)}
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
    const times = []
    for (let i = 0; i < ${options.max ?? 10_000}; i++) {
      if (i >= queries.length && (i >= ${options.min ?? 0}) && !keepGoing()) break
      const t0 = performance.now()
      const query = queries[i % queries.length]
      input.value = query
      input.dispatchEvent(new Event('input', { bubbles: true }))
      await frame()
      while (!shown(query)) await frame()
      times.push(performance.now() - t0)
      if (${options.gapMs ?? 0} > 0) await gap()
    }
    return times
  })()`) as Promise<number[]>
}

/** The longest gap between two painted frames while `run` goes on (a search answer drawn between keystrokes). */
export async function longestFrameDuring<T>(
  page: Evaluates,
  run: () => Promise<T>
): Promise<{ result: T; longestMs: number }> {
  await page.evaluate(`(() => {
    window.__frames = { last: performance.now(), longest: 0, on: true }
    const tick = (now) => {
      const f = window.__frames
      f.longest = Math.max(f.longest, now - f.last)
      f.last = now
      if (f.on) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })()`)
  const result = await run()
  const longestMs = (await page.evaluate(
    `(() => { window.__frames.on = false; return window.__frames.longest })()`
  )) as number
  return { result, longestMs }
}

/** What the timings need of a page: Playwright's Page, or the bare DevTools page (cdp-page.ts). */
export interface Evaluates {
  evaluate(expression: string): Promise<unknown>
}

export const ms = (n: number) => `${n.toFixed(0)} ms`

/**
 * Web mode as it ships its main-process code: electron-vite's bundle (out/main/web.js, built by
 * buildRenderer() with the rest of the app, its chunks split as shipped) run by plain Node. Not
 * `npm run web` through tsx, whose in-process compiler alone holds ~33 MB; not a single-file bundle
 * either, which hoists the static imports of modules main loads on first use (the built-in demo
 * console's Fastify, PDFKit…) to its start: a memory figure taken there would not be the app's.
 */
export async function startBundledWebMode(
  dataDir: string
): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const entry = 'out/main/web.js'
  if (!existsSync(entry)) throw new Error(`${entry} is missing: the benchmark builds the app first (buildRenderer)`)
  const child = spawn(process.execPath, [entry, '--data', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] })
  const url = await readyLine(child, 'web mode', (line) =>
    line.startsWith('{') ? (JSON.parse(line) as { url: string }).url : undefined
  )
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      })
  }
}
