import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { CHROMIUM_EXECUTABLE, CHROMIUM_SWITCHES } from '../../test/support/chromium-switches'

/**
 * Debian's Chromium driven over a bare DevTools pipe that enables nothing but what a figure reads
 * (Runtime, and HeapProfiler for the heap figure), for benchmarks that move megabytes over web
 * mode's WebSocket.
 *
 * Why not Playwright here: its page enables the Network domain, so Chromium copies every WebSocket
 * frame into a DevTools message for it. For the Cards screen that is the 6.6 MB of cards a second
 * time: measured on this machine, ~100–200 ms of the browser's CPU and ~100 ms of the benchmark
 * process's during one open, on a 2-core machine where the app's own processes compete for the
 * same cores. A desk's app has no DevTools attached; a figure of the app must not carry the
 * harness's copy. The end-to-end tests keep Playwright (they need its locators and events).
 */
export interface CdpPage {
  /** An expression's value (awaited when it is a promise), copied back as JSON. */
  evaluate<T>(expression: string): Promise<T>
  /** Resolve once `predicate` (an expression) is true in the page, polled every 20 ms. */
  waitFor(predicate: string, timeoutMs?: number): Promise<void>
  goto(url: string): Promise<void>
  /** The page's JS heap after a full garbage collection (Chromium's own figure). */
  heapMb(): Promise<number>
  pid: number
  close(): Promise<void>
}

interface Message {
  id?: number
  method?: string
  result?: unknown
  error?: { message: string }
}

export async function launchCdpPage(viewport = { width: 1366, height: 768 }): Promise<CdpPage> {
  const profile = await mkdtemp(join(tmpdir(), 'access-desk-bench-chromium-'))
  const child = spawn(
    CHROMIUM_EXECUTABLE,
    [
      '--headless',
      ...CHROMIUM_SWITCHES,
      `--user-data-dir=${profile}`,
      `--window-size=${viewport.width},${viewport.height}`,
      '--remote-debugging-pipe',
      'about:blank'
    ],
    // DevTools' pipe: Chromium reads commands on fd 3 and writes answers on fd 4, each ended by NUL.
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] }
  )
  const commands = child.stdio[3] as Writable
  const answers = child.stdio[4] as Readable
  const pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>()
  let nextId = 1
  let buffered = ''
  answers.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8')
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end)) as Message
      buffered = buffered.slice(end + 1)
      const waiting = message.id === undefined ? undefined : pending.get(message.id)
      if (!waiting) continue
      pending.delete(message.id!)
      if (message.error) waiting.reject(new Error(message.error.message))
      else waiting.resolve(message.result)
    }
  })
  // A Chromium that could not be started (no such file) emits 'error' and never 'exit'; its pipes then
  // fail with EPIPE. Either way every command waiting fails with the reason, never left hanging.
  let failure = 'Chromium exited'
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.once('error', (err) => {
      failure = `Chromium (${CHROMIUM_EXECUTABLE}) could not be started: ${err.message}`
      resolve()
    })
  })
  commands.on('error', () => undefined)
  answers.on('error', () => undefined)
  void exited.then(() => {
    for (const waiting of pending.values()) waiting.reject(new Error(failure))
    pending.clear()
  })
  const send = <T>(method: string, params: object = {}, sessionId?: string): Promise<T> => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      return Promise.reject(new Error(failure))
    }
    const id = nextId++
    commands.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0')
    return new Promise<T>((resolve, reject) => pending.set(id, { resolve: (value) => resolve(value as T), reject }))
  }

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) child.kill('SIGTERM')
    await exited
    // Chromium's helper processes may still be writing into the profile for a moment.
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  }
  let sessionId: string
  try {
    const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' })
    ;({ sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true }))
    await send('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: 1, mobile: false }, sessionId)
  } catch (err) {
    // A page that never came up: its Chromium and profile are not left behind.
    await close()
    throw err
  }
  const onPage = <T>(method: string, params: object = {}) => send<T>(method, params, sessionId)

  const evaluate = async <T>(expression: string): Promise<T> => {
    const answer = await onPage<{
      result: { value?: unknown }
      exceptionDetails?: { text: string; exception?: { description?: string } }
    }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })
    if (answer.exceptionDetails) {
      throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text)
    }
    return answer.result.value as T
  }

  return {
    pid: child.pid!,
    evaluate,
    async waitFor(predicate, timeoutMs = 30_000) {
      await evaluate(`new Promise((resolve, reject) => {
        const started = Date.now()
        const check = () => {
          if (${predicate}) resolve(true)
          else if (Date.now() - started > ${timeoutMs}) reject(new Error(${JSON.stringify(`not true in ${timeoutMs} ms: ${predicate}`)}))
          else setTimeout(check, 20)
        }
        check()
      })`)
    },
    async goto(url) {
      await onPage('Page.navigate', { url })
    },
    async heapMb() {
      await onPage('HeapProfiler.collectGarbage')
      const { usedSize } = await onPage<{ usedSize: number }>('Runtime.getHeapUsage')
      return usedSize / 1024 / 1024
    },
    close
  }
}
