import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'

export interface Started<T> {
  child: ChildProcess
  info: T
  stop(): Promise<void>
}

/**
 * Start a Node entry point (TypeScript through tsx) and wait for the first JSON line it prints.
 * Only the process started here is stopped, by pid.
 */
export async function startJsonProcess<T>(
  entry: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}
): Promise<Started<T>> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stderr = ''
  child.stderr!.on('data', (d) => (stderr += String(d)))
  const info = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${entry} did not become ready: ${stderr}`)),
      options.timeoutMs ?? 30_000
    )
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return
      clearTimeout(timer)
      resolve(JSON.parse(line) as T)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${entry} exited with ${code}: ${stderr}`))
    })
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

export function startDemoConsoleProcess(dataDir: string, extra: string[] = []) {
  return startJsonProcess<DemoConsoleInfo>('src/demo-console/cli.ts', ['--port', '0', '--data', dataDir, ...extra])
}

export function startWebMode(dataDir: string) {
  return startJsonProcess<{ url: string; dataDir: string }>('src/web/main.ts', ['--data', dataDir])
}
