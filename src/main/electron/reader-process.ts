import { utilityProcess } from 'electron'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ForkHost, HostProcess } from '../services/reader/host-process'

/**
 * The desktop way to run a host: Electron's utilityProcess (a Node child that Electron manages and
 * ends with the app). electron-vite builds `reader-host.js` next to the main bundle.
 */
export const forkUtilityHost: ForkHost = (name, args = []) => {
  const entry = join(dirname(fileURLToPath(import.meta.url)), `${name}.js`)
  const child = utilityProcess.fork(entry, args, { serviceName: 'Access Desk reader', stdio: 'inherit' })
  let exitCode: number | null | undefined
  child.once('exit', (code) => (exitCode = code))
  const host: HostProcess = {
    send: (message) => {
      if (exitCode === undefined) child.postMessage(message)
    },
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => {
      if (exitCode !== undefined) listener(exitCode)
      else child.once('exit', (code) => listener(code))
    },
    kill: () => {
      if (exitCode === undefined) child.kill()
    },
    get pid() {
      return child.pid
    }
  }
  return host
}
