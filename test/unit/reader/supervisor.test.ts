import { describe, expect, it } from 'vitest'
import { ReaderSupervisor } from '../../../src/main/services/reader/supervisor'
import { forkNodeHost } from '../../../src/main/services/reader/fork-node'
import { scripted, type ScriptedHost } from '../../support/scripted-host'
import { EventLog, sleep } from '../../pcsc/harness'

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

  it('keeps why the reader process could not be started as facts: the system’s code and its own text', async () => {
    const log = new EventLog()
    const sup = new ReaderSupervisor({
      forkHost: () => {
        throw Object.assign(new Error('spawn /opt/access-desk/reader-host ENOENT'), { code: 'ENOENT' })
      },
      emit: log.emit,
      backoffMs: { first: 60_000, max: 60_000 },
      platform: 'linux'
    })
    const status = sup.status()
    expect(status.state).toBe('unavailable')
    expect(status.os).toBe('linux')
    expect(status.spawn).toEqual({ code: 'ENOENT', detail: 'spawn /opt/access-desk/reader-host ENOENT' })
    // main's English stays for the CLI and the logs.
    expect(status.message).toBe('The reader process could not be started: spawn /opt/access-desk/reader-host ENOENT')
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
    // The same as facts, for the desk to say in its language with this system's commands.
    expect(status.os).toBe('linux')
    expect(status.addon).toEqual({ cause: 'missing', packaged: false })
    await sleep(800)
    expect(hellos).toHaveLength(1)
    expect(sup.status().state).toBe('unavailable')
    await sup.stop()
  })
})

describe('ReaderSupervisor while its host restarts', () => {
  const card = (uid: string, reader = 'R') => ({
    type: 'card',
    reader,
    uid,
    atr: '',
    standard: 'TAG_ISO_14443_3',
    detectedAt: 1,
    uidAt: 2
  })

  async function readyHost(hosts: ScriptedHost[], log: EventLog, before: number) {
    while (hosts.length <= before) await sleep(5)
    const host = hosts.at(-1)!
    host.say({ type: 'hello', pid: 1 })
    host.say({ type: 'readers', readers: ['R'] })
    await log.next('reader.status', (s) => s.state === 'ready')
    return host
  }

  it('never says Ready while the host is down, and says the reader service is restarting', async () => {
    const { hosts, forkHost } = scripted()
    const log = new EventLog()
    const sup = new ReaderSupervisor({ forkHost, emit: log.emit, backoffMs: { first: 200, max: 200 } })
    sup.status()
    const first = await readyHost(hosts, log, 0)
    first.exit(null)
    const down = await log.next('reader.status')
    expect(down).toMatchObject({ state: 'restarting', message: 'Reader service restarting…' })
    expect(down.hint).toMatch(/Leave a card on the reader/)
    expect(sup.status().state).toBe('restarting')
    // The next host said hello but has not seen a reader yet: still not ready.
    while (hosts.length < 2) await sleep(5)
    hosts[1]!.say({ type: 'hello', pid: 2 })
    expect(sup.status().state).toBe('restarting')
    hosts[1]!.say({ type: 'readers', readers: ['R'] })
    expect(sup.status().state).toBe('ready')
    await sup.stop()
  })

  it('says "starting" and "restarting" as facts the desk words (its system), never only as main\'s English', async () => {
    const { hosts, forkHost } = scripted()
    const log = new EventLog()
    const sup = new ReaderSupervisor({
      forkHost,
      emit: log.emit,
      backoffMs: { first: 200, max: 200 },
      platform: 'linux'
    })
    // The first status a desk reads, before the reader process says hello (shown for ~2 s on Import).
    expect(sup.status()).toMatchObject({ state: 'starting', os: 'linux' })
    const first = await readyHost(hosts, log, 0)
    first.exit(null)
    expect(await log.next('reader.status')).toMatchObject({ state: 'restarting', os: 'linux' })
    await sup.stop()
  })

  it('keeps "service stopped" through the host restart the stopped service causes', async () => {
    const { hosts, forkHost } = scripted()
    const log = new EventLog()
    const sup = new ReaderSupervisor({ forkHost, emit: log.emit, backoffMs: { first: 20, max: 20 } })
    sup.status()
    const host = await readyHost(hosts, log, 0)
    host.say({ type: 'error', message: 'PC/SC: RPC transport error', fatal: true })
    host.say({ type: 'no-service', detail: 'ENOENT' })
    host.exit(1)
    while (hosts.length < 2) await sleep(5)
    expect(sup.status()).toMatchObject({
      state: 'no-service',
      message: expect.stringMatching(/PC\/SC service stopped/),
      // The state's own words: the desk says them in its language for this system (lib/i18n/reader-words.ts).
      os: process.platform === 'linux' ? 'linux' : process.platform === 'win32' ? 'windows' : 'mac'
    })
    expect(
      log.all.filter((r) => r.event === 'reader.status').map((r) => (r.payload as { state: string }).state)
    ).not.toContain('no-reader')
    await sup.stop()
  })

  it('reports a card left on the reader across a restart once, and a card tapped during the restart once', async () => {
    const { hosts, forkHost } = scripted()
    const log = new EventLog()
    const sup = new ReaderSupervisor({ forkHost, emit: log.emit, backoffMs: { first: 20, max: 20 } })
    sup.status()
    const first = await readyHost(hosts, log, 0)
    first.say(card('04A23B1C'))
    expect((await log.next('reader.card')).uid).toBe('04A23B1C')
    first.exit(null)
    // The next host finds the same card still on the reader (nfc-pcsc reports it on attach).
    const second = await readyHost(hosts, log, 1)
    second.say(card('04A23B1C'))
    await sleep(20)
    expect(log.count('reader.card')).toBe(1)
    // Taken off and tapped again: a tap like any other.
    second.say({ type: 'removed', reader: 'R', uid: '04A23B1C', at: 3 })
    second.say(card('04A23B1C'))
    expect(log.count('reader.card')).toBe(2)
    // Another card put on the reader while the host was down: reported when the next host sees it.
    second.exit(null)
    const third = await readyHost(hosts, log, 2)
    third.say(card('04112233445566'))
    expect((await log.next('reader.card', (c) => c.uid === '04112233445566')).uid).toBe('04112233445566')
    expect(log.count('reader.card')).toBe(3)
    await sup.stop()
  })

  it('a card carried over but not seen again by the next host is said to be gone', async () => {
    const { hosts, forkHost } = scripted()
    const log = new EventLog()
    const sup = new ReaderSupervisor({ forkHost, emit: log.emit, backoffMs: { first: 20, max: 20 } })
    sup.status()
    const first = await readyHost(hosts, log, 0)
    first.say(card('04A23B1C'))
    await log.next('reader.card')
    first.exit(null)
    await readyHost(hosts, log, 1)
    expect(log.count('reader.removed')).toBe(0)
    // Taken off while no host ran: no host reports it leaving; the supervisor does.
    expect(await log.next('reader.removed', undefined, 4000)).toMatchObject({ reader: 'R', uid: '04A23B1C' })
    await sup.stop()
  })

  it('a stuck host with the PC/SC service up is restarting, not "service stopped"', async () => {
    const { hosts, forkHost } = scripted()
    const log = new EventLog()
    const sup = new ReaderSupervisor({
      forkHost,
      emit: log.emit,
      stallMs: 300,
      backoffMs: { first: 5000, max: 5000 },
      serviceUp: async () => true
    })
    sup.status()
    await readyHost(hosts, log, 0)
    // No heartbeat from here on.
    const status = await log.next('reader.status', (s) => s.state !== 'ready', 3000)
    expect(status.state).toBe('restarting')
    expect(hosts[0]!.killed).toBe(true)
    await sleep(100)
    expect(sup.status().state).toBe('restarting')
    await sup.stop()
  })
})
