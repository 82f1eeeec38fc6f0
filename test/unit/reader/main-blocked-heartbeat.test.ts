import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ReaderSupervisor } from '../../../src/main/services/reader/supervisor'
import type { ForkHost, HostProcess } from '../../../src/main/services/reader/host-process'
import { EventLog, sleep } from '../../pcsc/harness'

const beatingHost = fileURLToPath(new URL('../../support/beating-host.mjs', import.meta.url))

/** Hold main's event loop the way a long synchronous call does. */
function holdLoop(ms: number): void {
  const until = Date.now() + ms
  while (Date.now() < until) {
    // busy: nothing else in this process runs meanwhile
  }
}

/**
 * The heartbeat catches a host that stopped answering. A gap main made itself — its own loop held by
 * a long call while the host kept beating into the pipe — is not the host's silence: no restart, and
 * the panel never says "restarting".
 */
describe('ReaderSupervisor while main itself is blocked', () => {
  it('does not count a heartbeat gap that main’s own held loop explains, and still catches a host that stops', async () => {
    const forks: HostProcess[] = []
    const forkHost: ForkHost = () => {
      const child = fork(beatingHost, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'json' })
      const host: HostProcess = {
        send: (m) => void (child.connected && child.send(m as object, () => {})),
        onMessage: (l) => void child.on('message', l),
        onExit: (l) => void child.once('exit', (code) => l(code)),
        kill: () => void child.kill('SIGKILL'),
        get pid() {
          return child.pid
        }
      }
      forks.push(host)
      return host
    }
    const log = new EventLog()
    const sup = new ReaderSupervisor({ forkHost, emit: log.emit, stallMs: 1000, backoffMs: { first: 100, max: 100 } })
    sup.status()
    await log.next('reader.status', (s) => s.state === 'ready', 10_000)
    const before = log.all.length

    holdLoop(2500)
    await sleep(800)

    const after = log.all.slice(before).filter((r) => r.event === 'reader.status')
    expect(after.map((r) => (r.payload as { state: string }).state)).toEqual([])
    expect(sup.status().state).toBe('ready')
    expect(forks).toHaveLength(1)

    // A host that really stops beating is still caught.
    log.mark()
    process.kill(forks[0]!.pid!, 'SIGSTOP')
    const down = await log.next('reader.status', (s) => s.state !== 'ready', 5000)
    expect(down.state).toBe('restarting')
    await sup.stop()
  }, 20_000)
})
