import { monitorEventLoopDelay } from 'node:perf_hooks'
import { spawnSync } from 'node:child_process'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { forkNodeHost } from '../../src/main/services/reader/fork-node'
import { ReaderSupervisor, type ReaderSupervisorOptions } from '../../src/main/services/reader/supervisor'
import type { HostMessage } from '../../src/main/services/reader/messages'
import { assertPcscStackInstalled, holdPcscdLock, startPcscd, stopProcess, type Pcscd } from '../support/pcscd'
import { VirtualCard } from '../support/virtual-card'
import { EventLog, sleep } from './harness'

/** The PC/SC service going away and coming back, and never being there: main must not care. */
describe('reader supervisor and the PC/SC service', () => {
  let pcscd: Pcscd | undefined
  let supervisor: ReaderSupervisor | undefined

  let releaseLock: (() => Promise<void>) | undefined

  // Held for the whole file: its "pcscd absent" windows must not see another file's pcscd.
  beforeAll(async () => {
    assertPcscStackInstalled()
    releaseLock = await holdPcscdLock()
    const running = spawnSync('pgrep', ['-x', 'pcscd'], { encoding: 'utf8' }).stdout.trim()
    if (running)
      throw new Error(`another pcscd is running (pid ${running}); these tests need to start and stop their own`)
  })

  afterAll(async () => {
    await releaseLock?.()
  })

  afterEach(async () => {
    await supervisor?.stop()
    supervisor = undefined
    await pcscd?.stop()
    pcscd = undefined
  })

  function supervise(log: EventLog, options: Partial<ReaderSupervisorOptions> = {}) {
    supervisor = new ReaderSupervisor({ forkHost: forkNodeHost, emit: log.emit, ...options })
    supervisor.status()
    return supervisor
  }

  /** Event-loop delay of this process (which plays main) while `during` runs. */
  // A stuck PC/SC call in main would block its loop for the whole heartbeat timeout (seconds); the bound
  // sits well below that and well above what a busy 2-core machine adds to a responsive loop.
  const RESPONSIVE_MS = 1000

  async function loopDelayDuring(during: () => Promise<void>): Promise<number> {
    const histogram = monitorEventLoopDelay({ resolution: 10 })
    histogram.enable()
    await during()
    histogram.disable()
    const maxMs = histogram.max / 1e6
    console.info(`event-loop delay in main while the reader host runs without pcscd: max ${maxMs.toFixed(1)} ms`)
    return maxMs
  }

  it('reports no-service when pcscd dies, then sees the reader and reads a card again once it is back', async () => {
    pcscd = await startPcscd()
    const log = new EventLog()
    supervise(log)
    await log.next('reader.status', (s) => s.state === 'ready' && s.readers.length === 2)
    const card = new VirtualCard({ uid: '04A23B1C' })
    await card.insert()
    expect((await log.next('reader.card')).uid).toBe('04A23B1C')

    log.mark()
    const stoppedAt = log.all.length
    await pcscd.stop()
    pcscd = undefined
    card.remove()
    const down = await log.next('reader.status', (s) => s.state === 'no-service')
    expect(down.message).toMatch(/PC\/SC service stopped/)
    expect(down.hint).toMatch(/pcscd/)
    expect(down.hint).not.toMatch(/pn533/)
    // Never "no reader" (with its pn533 driver advice) on the way there, and never ready again.
    await sleep(1500)
    const since = log.all.slice(stoppedAt).filter((r) => r.event === 'reader.status')
    expect(since.map((r) => (r.payload as { state: string }).state)).not.toContain('no-reader')
    expect(since.map((r) => (r.payload as { state: string }).state)).not.toContain('ready')

    pcscd = await startPcscd()
    await log.next('reader.status', (s) => s.state === 'ready' && s.readers.length === 2, 20_000)
    await card.insert()
    expect((await log.next('reader.card', undefined, 15_000)).uid).toBe('04A23B1C')
    card.remove()
  })

  it('pcscd killed outright (its socket file left behind): service stopped, never "no reader"; back when it restarts', async () => {
    pcscd = await startPcscd()
    const log = new EventLog()
    supervise(log, { platform: 'linux' })
    await log.next('reader.status', (s) => s.state === 'ready' && s.readers.length === 2, 20_000)
    const from = log.all.length
    await stopProcess(pcscd.child, 'SIGKILL')
    await pcscd.stop()
    pcscd = undefined
    const down = await log.next('reader.status', (s) => s.state !== 'ready', 10_000)
    expect(down).toMatchObject({ state: 'no-service', message: expect.stringMatching(/PC\/SC service stopped/) })
    await sleep(1500)
    const states = log.all.slice(from).filter((r) => r.event === 'reader.status')
    expect(states.map((r) => (r.payload as { state: string }).state)).toEqual(['no-service'])

    pcscd = await startPcscd()
    await log.next('reader.status', (s) => s.state === 'ready' && s.readers.length === 2, 30_000)
    const card = new VirtualCard({ uid: '04A23B1C' })
    await card.insert()
    expect((await log.next('reader.card', undefined, 15_000)).uid).toBe('04A23B1C')
    card.remove()
  })

  it('no reader attached: says so with the pn533 advice (the service answers), and sees readers when they come', async () => {
    pcscd = await startPcscd({ readers: false })
    const log = new EventLog()
    supervise(log, { platform: 'linux' })
    const none = await log.next('reader.status', (s) => s.state !== 'starting', 20_000)
    expect(none).toMatchObject({ state: 'no-reader', message: 'No reader connected.' })
    expect(none.hint).toMatch(/pn533_usb/)
    // The reader comes back (here: the service restarts with the virtual readers configured).
    await pcscd.stop()
    pcscd = await startPcscd()
    await log.next('reader.status', (s) => s.state === 'ready' && s.readers.length === 2, 30_000)
    const card = new VirtualCard({ uid: '04A23B1C' })
    await card.insert()
    expect((await log.next('reader.card', undefined, 15_000)).uid).toBe('04A23B1C')
    card.remove()
  })

  it('says the PC/SC service stopped while pcscd is absent, keeps main responsive, and recovers', async () => {
    const log = new EventLog()
    let status: Awaited<ReturnType<EventLog['next']>> | undefined
    const maxDelayMs = await loopDelayDuring(async () => {
      supervise(log)
      status = await log.next('reader.status', (s) => s.state === 'no-service')
      await sleep(3000)
    })
    expect(status).toMatchObject({ state: 'no-service', message: expect.stringMatching(/PC\/SC service stopped/) })
    expect(maxDelayMs).toBeLessThan(RESPONSIVE_MS)

    pcscd = await startPcscd()
    await log.next('reader.status', (s) => s.state === 'ready', 20_000)
  })

  it('detects a host stuck in new NFC() by its missing heartbeat and restarts it (no socket probe)', async () => {
    const log = new EventLog()
    const hellos: number[] = []
    const fromHost: HostMessage['type'][] = []
    const maxDelayMs = await loopDelayDuring(async () => {
      supervise(log, {
        hostArgs: ['--no-probe'],
        backoffMs: { first: 300, max: 1000 },
        onHostMessage: (m) => {
          fromHost.push(m.type)
          if (m.type === 'hello') hellos.push(m.pid)
        }
      })
      const stalled = await log.next('reader.status', (s) => s.state === 'no-service', 20_000)
      expect(stalled.message).toMatch(/PC\/SC service stopped/)
      // The supervisor killed the stuck host and started another, which gets stuck too.
      const deadline = Date.now() + 20_000
      while (hellos.length < 2 && Date.now() < deadline) await sleep(100)
    })
    expect(new Set(hellos).size).toBeGreaterThanOrEqual(2)
    // No socket probe ran: the status came from the heartbeat alone.
    expect(fromHost).not.toContain('no-service')
    expect(maxDelayMs).toBeLessThan(RESPONSIVE_MS)

    pcscd = await startPcscd()
    await log.next('reader.status', (s) => s.state === 'ready', 20_000)
  })
})
