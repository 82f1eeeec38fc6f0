import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { entryArgs } from './built-entry'
import { demoConsoleEntry } from './demo-console-entry'

export interface Started<T> {
  child: ChildProcess
  info: T
  stop(): Promise<void>
}

/**
 * Wait for the first line a child prints on stdout that `accept` maps to a value (undefined: not that
 * line). Fails when the child exits first or after `timeoutMs`, with `what` and the child's stderr
 * if given: a child that dies before its ready line never leaves its parent waiting.
 */
export function readyLine<T>(
  child: ChildProcess,
  what: string,
  accept: (line: string) => T | undefined,
  options: { timeoutMs?: number; stderr?: () => string } = {}
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 30_000
  const tail = () => (options.stderr?.() ? `: ${options.stderr()}` : '')
  return new Promise<T>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    const done = () => {
      clearTimeout(timer)
      child.off('close', onClose)
      lines.off('line', onLine)
    }
    const timer = setTimeout(() => {
      done()
      reject(new Error(`${what} printed no ready line in ${timeoutMs} ms${tail()}`))
    }, timeoutMs)
    const onLine = (line: string) => {
      const value = accept(line)
      if (value === undefined) return
      done()
      resolve(value)
    }
    // 'close', not 'exit': the lines it printed before exiting are read first.
    const onClose = (code: number | null, signal: NodeJS.Signals | null) => {
      done()
      reject(new Error(`${what} exited (${signal ?? `code ${code}`}) before its ready line${tail()}`))
    }
    lines.on('line', onLine)
    child.once('close', onClose)
  })
}

/**
 * Start a Node entry point (built JavaScript as it is, TypeScript through tsx) and wait for the first JSON line it
 * prints.
 * Only the process started here is stopped, by pid.
 */
export async function startJsonProcess<T>(
  entry: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}
): Promise<Started<T>> {
  // A built entry (out/main/*.js, the demo console's bundle) runs as plain Node; a TypeScript one through tsx.
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : []
  const child = spawn(process.execPath, [...loader, entry, ...args], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stderr = ''
  child.stderr!.on('data', (d) => (stderr += String(d)))
  const info = await readyLine(child, entry, (line) => (line.startsWith('{') ? (JSON.parse(line) as T) : undefined), {
    timeoutMs: options.timeoutMs ?? 30_000,
    stderr: () => stderr
  }).catch((err: unknown) => {
    // Never left running: a child that did not get ready is not the caller's to stop.
    child.kill('SIGKILL')
    throw err
  })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 5000).unref()
    })
  return { child, info, stop }
}

export interface DemoConsoleInfo {
  url: string
  fingerprint256: string
  tokens: { full: string; view: string; none: string }
}

/** The demo console as a process of its own (bundled from its sources, test/support/demo-console-entry.ts). */
export function startDemoConsoleProcess(dataDir: string, extra: string[] = [], options: { timeoutMs?: number } = {}) {
  return startJsonProcess<DemoConsoleInfo>(demoConsoleEntry(), ['--port', '0', '--data', dataDir, ...extra], options)
}

/** Web mode's ready line: its page, its data folder, and whether it came back at the address it had (`same`). */
export interface WebModeInfo {
  url: string
  dataDir: string
  address?: string
}

/**
 * Web mode as `npm run web` runs it: the built bundle when out/ matches the sources (test/support/built-entry.ts;
 * the sources through tsx took ~5 s longer to start on a loaded 2-core machine). A `port` and `secret` fix its
 * address, so a restart on them lets an open tab reconnect by itself.
 */
export function startWebMode(dataDir: string, fixed: { port?: number; secret?: string; timeZone?: string } = {}) {
  const entry = entryArgs('web').at(-1)!
  const port = fixed.port === undefined ? [] : ['--port', String(fixed.port)]
  // `timeZone`: the service's own zone (TZ), e.g. UTC while the desk's browser is elsewhere.
  const env = {
    ...(fixed.secret === undefined ? {} : { ACCESS_DESK_WEB_SECRET: fixed.secret }),
    ...(fixed.timeZone === undefined ? {} : { TZ: fixed.timeZone })
  }
  return startJsonProcess<WebModeInfo>(entry, ['--data', dataDir, ...port], { env })
}
