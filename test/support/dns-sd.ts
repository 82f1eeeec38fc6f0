import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect, createServer, type Socket } from 'node:net'

/**
 * DNS-SD helpers for the printer discovery tests, over the avahi that the IPP printer stack runs
 * (test/support/ipp-printer.ts: hold its stack while using these).
 */

const AVAHI_PUBLISH = '/usr/bin/avahi-publish'

/**
 * Announce a service through avahi (`avahi-publish -s`), as a printer that speaks only plain IPP
 * announces `_ipp._tcp` and no `_ipps._tcp` (ippeveprinter built with TLS always announces both).
 * Ended by its pid in `stop`.
 */
export async function publishService(
  name: string,
  type: string,
  port: number,
  txt: string[] = []
): Promise<{ stop(): Promise<void> }> {
  if (!existsSync(AVAHI_PUBLISH)) {
    throw new Error(
      'avahi-publish is not installed. Install it as root: apt-get install -y avahi-utils (.ci/run does).'
    )
  }
  const child: ChildProcess = spawn(AVAHI_PUBLISH, ['-s', name, type, String(port), ...txt], {
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  child.stdout!.on('data', (d) => (out += String(d)))
  child.stderr!.on('data', (d) => (out += String(d)))
  // "Established under name …" once avahi has it.
  for (let i = 0; i < 100 && !/Established/.test(out); i++) {
    if (child.exitCode !== null) throw new Error(`avahi-publish exited: ${out}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  if (!/Established/.test(out)) throw new Error(`avahi-publish did not establish ${name}: ${out}`)
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      })
  }
}

/**
 * The printer reachable at the address avahi announces for it: ippeveprinter listens on loopback only
 * (it needs an IPv4 and an IPv6 listener for its host name, which only "localhost" gives here), while
 * avahi announces this machine's network address. A plain TCP relay from `address:port` to
 * `localhost:port` makes the announced address answer as a printer on the network would (TLS passes
 * through untouched: the certificate seen is the printer's own).
 */
export async function relayToLoopback(address: string, port: number): Promise<{ stop(): Promise<void> }> {
  // Where avahi announces the loopback address itself (a machine whose only interface it uses is lo),
  // the printer already answers there: nothing to relay.
  if (/^(127\.|::1$|localhost$)/.test(address)) return { stop: async () => undefined }
  const sockets = new Set<Socket>()
  const server = createServer((inbound) => {
    const outbound = connect({ host: 'localhost', port })
    for (const s of [inbound, outbound]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => {
        inbound.destroy()
        outbound.destroy()
      })
    }
    inbound.pipe(outbound).pipe(inbound)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, address, () => resolve())
  })
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      })
  }
}
