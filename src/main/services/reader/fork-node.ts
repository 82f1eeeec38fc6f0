import { fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ForkHost, HostProcess } from './host-process'

/**
 * Where the host entry is: next to this file when running from source (web mode and tests,
 * through tsx), or `reader-host.js` next to the bundle electron-vite built.
 */
function readerHostEntry(): { path: string; typescript: boolean } {
  const here = fileURLToPath(import.meta.url)
  const dir = dirname(here)
  if (here.endsWith('.ts')) return { path: join(dir, 'host.ts'), typescript: true }
  const built = join(dir, 'reader-host.js')
  if (existsSync(built)) return { path: built, typescript: false }
  throw new Error(`reader host not found next to ${here}`)
}

function tsxLoader(): string {
  try {
    return import.meta.resolve('tsx')
  } catch {
    // Under a test runner that rewrites import.meta: the package name resolves from the cwd.
    return 'tsx'
  }
}

/** The Node way to run a host (web mode, CLI, tests): child_process.fork with an IPC channel. */
export const forkNodeHost: ForkHost = (_name, args = []) => {
  const entry = readerHostEntry()
  const child = fork(entry.path, args, {
    execArgv: entry.typescript ? ['--import', tsxLoader()] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json'
  })
  // Without a listener, a failed spawn or a send to a dead child would throw in main.
  child.on('error', () => {})
  const host: HostProcess = {
    send: (message) => {
      if (child.connected) child.send(message as object, (err) => void err)
    },
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => {
      if (child.exitCode !== null || child.signalCode !== null) listener(child.exitCode)
      else child.once('exit', (code) => listener(code))
    },
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    },
    get pid() {
      return child.pid
    }
  }
  return host
}
