import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forkNodeHost } from '../../src/main/services/reader/fork-node'
import { ReaderSupervisor } from '../../src/main/services/reader/supervisor'
import { startPcscd, type Pcscd } from '../support/pcscd'
import { VirtualCard } from '../support/virtual-card'
import { EventLog, sleep } from './harness'

/** The reader host process killed while cards are tapped (real pcscd + vpcd, real host). */
describe('reader host killed mid-scan', () => {
  let pcscd: Pcscd
  let supervisor: ReaderSupervisor
  const log = new EventLog()
  let hostPid = 0

  beforeAll(async () => {
    pcscd = await startPcscd()
    supervisor = new ReaderSupervisor({
      forkHost: forkNodeHost,
      emit: log.emit,
      onHostMessage: (m) => void (m.type === 'hello' && (hostPid = m.pid))
    })
    supervisor.status()
    await log.next('reader.status', (s) => s.state === 'ready' && s.readers.length === 2, 20_000)
  })
  afterAll(async () => {
    await supervisor?.stop()
    await pcscd?.stop()
  })

  /** Kill the host (only the one this test's supervisor started) and wait for "restarting". */
  async function killHost() {
    const pid = hostPid
    expect(pid).toBeGreaterThan(0)
    log.mark()
    process.kill(pid, 'SIGKILL')
    const down = await log.next('reader.status', () => true, 5000)
    expect(down).toMatchObject({ state: 'restarting', message: 'Reader service restarting…' })
    return pid
  }

  it('says restarting (never Ready) while it is down, and a card left on the reader counts once', async () => {
    const card = new VirtualCard({ uid: '04A23B1C' })
    await card.insert()
    expect((await log.next('reader.card', undefined, 15_000)).uid).toBe('04A23B1C')
    const before = log.count('reader.card')

    const killed = await killHost()
    await log.next('reader.status', (s) => s.state === 'ready', 20_000)
    expect(hostPid).not.toBe(killed)
    // The new host sees the card on attach (within vpcd's ~400 ms poll): not a second tap.
    await sleep(2500)
    expect(log.count('reader.card')).toBe(before)

    // Taken off and tapped again: a tap like any other.
    card.remove()
    await log.next('reader.removed', undefined, 10_000)
    await card.insert()
    expect((await log.next('reader.card', undefined, 15_000)).uid).toBe('04A23B1C')
    expect(log.count('reader.card')).toBe(before + 1)
    card.remove()
    await log.next('reader.removed', undefined, 10_000)
  })

  it('a card put on the reader while the host restarts is reported once it is back', async () => {
    const before = log.count('reader.card')
    await killHost()
    const card = new VirtualCard({ uid: '04112233445566' })
    await card.insert()
    // Not ready between the kill and the new host's readers.
    const statuses: string[] = []
    for (;;) {
      const s = await log.next('reader.status', undefined, 20_000)
      statuses.push(s.state)
      if (s.state === 'ready') break
    }
    expect(statuses.slice(0, -1)).not.toContain('ready')
    expect((await log.next('reader.card', undefined, 15_000)).uid).toBe('04112233445566')
    await sleep(1500)
    expect(log.count('reader.card')).toBe(before + 1)
    card.remove()
  })
})
