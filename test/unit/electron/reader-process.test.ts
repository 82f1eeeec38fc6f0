import { describe, expect, it, vi } from 'vitest'
import { EventEmitter } from 'node:events'

class FakeUtility extends EventEmitter {
  pid = 4242
  posted: unknown[] = []
  killed = false
  postMessage(m: unknown) {
    this.posted.push(m)
  }
  kill() {
    this.killed = true
    this.emit('exit', 0)
    return true
  }
}
const forks: { entry: string; args: string[]; options: Record<string, unknown>; child: FakeUtility }[] = []

vi.mock('electron', () => {
  const utilityProcess = {
    fork: (entry: string, args: string[], options: Record<string, unknown>) => {
      const child = new FakeUtility()
      forks.push({ entry, args, options, child })
      return child
    }
  }
  return { utilityProcess, default: { utilityProcess } }
})

const { forkUtilityHost } = await import('../../../src/main/electron/reader-process')

describe('reader host in an Electron utilityProcess', () => {
  it('forks the built reader-host next to the main bundle and relays messages both ways', () => {
    const host = forkUtilityHost('reader-host', ['--x'])
    const fork = forks.at(-1)!
    expect(fork.entry).toMatch(/reader-host\.js$/)
    expect(fork.args).toEqual(['--x'])
    const received: unknown[] = []
    host.onMessage((m) => received.push(m))
    fork.child.emit('message', { type: 'heartbeat' })
    expect(received).toEqual([{ type: 'heartbeat' }])
    host.send({ type: 'select', reader: null })
    expect(fork.child.posted).toEqual([{ type: 'select', reader: null }])
    expect(host.pid).toBe(4242)
  })

  it('reports the exit, and sends nothing to a process that is gone', () => {
    const host = forkUtilityHost('reader-host')
    const fork = forks.at(-1)!
    const exits: (number | null)[] = []
    host.onExit((code) => exits.push(code))
    host.kill()
    expect(fork.child.killed).toBe(true)
    expect(exits).toEqual([0])
    host.send({ type: 'ping' })
    expect(fork.child.posted).toEqual([])
    const late: (number | null)[] = []
    host.onExit((code) => late.push(code))
    expect(late).toEqual([0])
  })
})
