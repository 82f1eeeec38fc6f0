import { connect } from 'node:net'

/**
 * Whether pcscd answers on its socket. `new NFC()` spins in a native loop while pcscd is absent,
 * so on Linux the host looks first and reports "not running" without blocking. Elsewhere the OS
 * service has no socket to look at: the supervisor's heartbeat covers it.
 */
export function pcscdSocketPath(): string | undefined {
  if (process.platform !== 'linux') return undefined
  return process.env['PCSCLITE_CSOCK_NAME'] ?? '/run/pcscd/pcscd.comm'
}

export function probePcscd(path: string, timeoutMs = 1000): Promise<{ up: true } | { up: false; detail: string }> {
  return new Promise((resolve) => {
    const socket = connect({ path })
    const done = (result: { up: true } | { up: false; detail: string }) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(result)
    }
    const timer = setTimeout(() => done({ up: false, detail: `no answer on ${path}` }), timeoutMs)
    socket.once('connect', () => done({ up: true }))
    socket.once('error', (err: NodeJS.ErrnoException) =>
      done({ up: false, detail: `${err.code ?? err.message} on ${path}` })
    )
  })
}
