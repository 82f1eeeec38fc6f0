import { afterEach, describe, expect, it } from 'vitest'
import { TodayLive } from '../../../src/main/services/today/live-updates'
import type { OpenSocket } from '../../../src/main/services/today/notifications-socket'
import type { Notification } from '../../../src/shared/access/notifications'

/**
 * A screen opening Today reads the list and starts watching it. The list is read and answered first,
 * and the notifications socket opened after the answer: opened before it, the socket held a large
 * site's first rows back by its opening (up to a second on a loaded desk PC). The list just answered is
 * what the socket's opening would read again: no second read of every visitor follows it at once (on a
 * large site it ran while the screen drew its rows, on the same two cores); the next read is the
 * scheduled one, as for a list read while polling.
 */
describe('Today: the list a screen opens with does not wait for the notifications socket', () => {
  let live: TodayLive | undefined
  afterEach(() => {
    live?.close()
    live = undefined
  })

  function makeLive(opens: () => Promise<void>, pollMs = 60_000) {
    const reads: number[] = []
    const tries: string[] = []
    let handlers: { onMessage: (n: Notification) => void } | undefined
    live = new TodayLive({
      read: async () => {
        reads.push(Date.now())
        return { day: '2026-11-28', dayStart: 0, dayEnd: 86_400, rows: [], readAt: reads.length }
      },
      open: async (h) => {
        tries.push(`socket tried after ${reads.length} read(s)`)
        await opens()
        handlers = h
        return { close: () => undefined } as OpenSocket
      },
      emit: () => undefined,
      pollMs,
      backstopMs: 60_000,
      retrySocketMs: 60_000
    })
    return {
      live,
      reads,
      tries,
      event: () => handlers?.onMessage({ event: 'access.visitor.status.changed' } as Notification)
    }
  }
  const settle = () => new Promise((r) => setTimeout(r, 100))

  it('answers the list before the socket is tried; the socket, once open, does not read the list again at once', async () => {
    const { live, reads, tries } = makeLive(async () => undefined)
    const view = await live.list('tab A')
    expect(reads).toHaveLength(1)
    expect(tries).toEqual([])
    // Not live yet: the screen says it is connecting until the socket's source is pushed.
    expect(view.source).toEqual({ kind: 'off' })
    await settle()
    expect(tries).toEqual(['socket tried after 1 read(s)'])
    expect(reads).toHaveLength(1)
    expect(live.source).toMatchObject({ kind: 'notifications' })
  })

  it('the list is read again on the schedule after the socket opened (every poll until a visitor event)', async () => {
    const { live, reads } = makeLive(async () => undefined, 300)
    await live.list('tab A')
    await expect.poll(() => reads.length, { timeout: 5000 }).toBe(2)
    // The second read is the poll's, a poll interval after the list, not the socket's opening.
    expect(reads[1]! - reads[0]!).toBeGreaterThanOrEqual(290)
  })

  it('a watch alone (no list answered with it) still reads the list once the socket is open', async () => {
    const { live, reads } = makeLive(async () => undefined)
    await live.watch('tab A')
    await settle()
    expect(reads).toHaveLength(1)
  })

  it('a socket that never opens does not hold the list back', async () => {
    const { live, reads, tries } = makeLive(() => new Promise<void>(() => undefined))
    const started = Date.now()
    await live.list('tab A')
    expect(Date.now() - started).toBeLessThan(100)
    expect(reads).toHaveLength(1)
    await settle()
    expect(tries).toHaveLength(1)
    expect(reads).toHaveLength(1)
  })

  it('a second screen watching already: its list is one read, and a visitor event still reads again', async () => {
    const { live, reads, tries, event } = makeLive(async () => undefined)
    await live.list('tab A')
    await settle()
    await live.list('tab B')
    await settle()
    // Tab A's list and tab B's list; one socket, no read of its own as it opened.
    expect(reads).toHaveLength(2)
    expect(tries).toHaveLength(1)
    event()
    await settle()
    expect(reads).toHaveLength(3)
  })

  it('a screen that leaves before its list answers opens no socket', async () => {
    const { live, tries } = makeLive(async () => undefined)
    const listed = live.list('tab A')
    live.unwatch('tab A')
    await listed
    await settle()
    expect(tries).toEqual([])
  })
})
