import { describe, expect, it } from 'vitest'
import { ReaderSupervisor } from '../../../src/main/services/reader/supervisor'
import { forkNodeHost } from '../../../src/main/services/reader/fork-node'
import type { ForkHost, HostProcess } from '../../../src/main/services/app-services'
import { EventLog, sleep } from '../../pcsc/harness'

/** A host process under the test's control: what it says, and when it dies. */
class ScriptedHost implements HostProcess {
  readonly pid = Math.floor(Math.random() * 1e6)
  readonly sent: unknown[] = []
  private messageListeners: ((m: unknown) => void)[] = []
  private exitListeners: ((code: number | null) => void)[] = []
  killed = false
  send(message: unknown) {
    this.sent.push(message)
    if ((message as { type?: string }).type === 'stop') this.exit(0)
  }
  onMessage(listener: (m: unknown) => void) {
    this.messageListeners.push(listener)
  }
  onExit(listener: (code: number | null) => void) {
    this.exitListeners.push(listener)
  }
  kill() {
    this.killed = true
    this.exit(null)
  }
  say(message: unknown) {
    for (const l of this.messageListeners) l(message)
  }
  exit(code: number | null) {
    for (const l of this.exitListeners) l(code)
  }
}

function scripted() {
  const hosts: ScriptedHost[] = []
  const forkHost: ForkHost = () => {
    const host = new ScriptedHost()
    hosts.push(host)
    return host
  }
  return { hosts, forkHost }
}

describe('ReaderSupervisor', () => {
  it('restarts a crashed host with growing backoff; no reader: says so with the pn533_usb hint', async () => {
    const { hosts, forkHost } = scripted()
    const log = new EventLog()
    const sup = new ReaderSupervisor({
      forkHost,
      emit: log.emit,
      backoffMs: { first: 40, max: 400 },
      platform: 'linux'
    })
    sup.status()
    const gaps: number[] = []
    for (let i = 0; i < 3; i++) {
      const before = hosts.length
      const t = Date.now()
      hosts.at(-1)!.exit(1)
      while (hosts.length === before) await sleep(5)
      gaps.push(Date.now() - t)
    }
    expect(gaps[2]!).toBeGreaterThan(gaps[0]!)
    hosts.at(-1)!.say({ type: 'hello', pid: 1 })
    hosts.at(-1)!.say({ type: 'readers', readers: [] })
    const noReader = await log.next('reader.status', (s) => s.state === 'no-reader')
    expect(noReader.hint).toMatch(/pn533_usb/)
    expect(noReader.hint).toMatch(/blacklist/)
    await sup.stop()
  })

  it('ignores messages that fail validation and a stale host', async () => {
    const { hosts, forkHost } = scripted()
    const log = new EventLog()
    const sup = new ReaderSupervisor({ forkHost, emit: log.emit })
    sup.status()
    const host = hosts[0]!
    host.say({ type: 'card', reader: 'R', uid: 'zz' })
    host.say({ type: 'readers', readers: ['R'] })
    host.say({ type: 'card', reader: 'R', uid: '04A23B1C', atr: '', standard: 'x', detectedAt: 1.5, uidAt: 2 })
    expect(log.count('reader.card')).toBe(1)
    expect(await log.next('reader.card')).toMatchObject({ uid: '04A23B1C', at: 2, randomUid: false })
    host.exit(1)
    while (hosts.length < 2) await sleep(5)
    host.say({ type: 'card', reader: 'R', uid: '04A23B1C', atr: '', standard: 'x', detectedAt: 1.5, uidAt: 2 })
    expect(log.count('reader.card')).toBe(1)
    await sup.stop()
  })

  it('answers feedback false when no host is ready, and waits for the host result otherwise', async () => {
    const { hosts, forkHost } = scripted()
    const sup = new ReaderSupervisor({ forkHost, emit: () => {} })
    expect(await sup.feedback('R', 'new')).toBe(false)
    const host = hosts[0]!
    host.say({ type: 'readers', readers: ['R'] })
    const played = sup.feedback('R', 'duplicate')
    const request = host.sent.at(-1) as { id: number; kind: string }
    expect(request.kind).toBe('duplicate')
    host.say({ type: 'feedback-result', id: request.id, played: true })
    expect(await played).toBe(true)
    await sup.stop()
  })

  it('reports what to install when nfc-pcsc cannot be loaded, and keeps running (real host process)', async () => {
    const log = new EventLog()
    const hellos: number[] = []
    const sup = new ReaderSupervisor({
      forkHost: forkNodeHost,
      emit: log.emit,
      hostArgs: ['--nfc-module=nfc-pcsc-not-installed'],
      platform: 'linux',
      onHostMessage: (m) => void (m.type === 'hello' && hellos.push(m.pid))
    })
    sup.status()
    const status = await log.next('reader.status', (s) => s.state === 'unavailable', 15_000)
    expect(status.message).toMatch(/nfc-pcsc\) is not installed/)
    expect(status.hint).toMatch(/libpcsclite-dev/)
    expect(status.hint).toMatch(/npm rebuild/)
    await sleep(800)
    expect(hellos).toHaveLength(1)
    expect(sup.status().state).toBe('unavailable')
    await sup.stop()
  })
})
