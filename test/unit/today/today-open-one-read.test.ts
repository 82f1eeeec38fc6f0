import { afterEach, describe, expect, it } from 'vitest'
import { TodayLive } from '../../../src/main/services/today/live-updates'
import type { OpenSocket } from '../../../src/main/services/today/notifications-socket'
import type { Notification } from '../../../src/shared/access/notifications'

/**
 * A screen opening Today reads the list and starts watching it (issue 33). The watch used to read the
 * whole list again as soon as its socket opened (what changed while it opened): on a large site, 5,000
 * visitors read twice while the screen draws its first rows. Now the list is read after the socket
 * opened, and that one read is the catch-up; a socket slower than the grace does not hold the list.
 */
describe('Today: the list a screen opens with is its watch’s one read', () => {
  let live: TodayLive | undefined
  afterEach(() => {
    live?.close()
    live = undefined
  })

  function makeLive(opens: () => Promise<void>) {
    const reads: number[] = []
    let handlers: { onMessage: (n: Notification) => void } | undefined
    live = new TodayLive({
      read: async () => {
        reads.push(Date.now())
        return { day: '2026-11-28', dayStart: 0, dayEnd: 86_400, rows: [], readAt: reads.length }
      },
      open: async (h) => {
        await opens()
        handlers = h
        return { close: () => undefined } as OpenSocket
      },
      emit: () => undefined,
      pollMs: 60_000,
      backstopMs: 60_000,
      retrySocketMs: 60_000,
      openGraceMs: 200
    })
    return { live, reads, event: () => handlers?.onMessage({ event: 'access.visitor.status.changed' } as Notification) }
  }
  const settle = () => new Promise((r) => setTimeout(r, 100))

  it('reads the console once: the socket opens first, the list is read after it', async () => {
    const { live, reads } = makeLive(async () => undefined)
    const view = await live.list('tab A')
    await settle()
    expect(reads).toHaveLength(1)
    expect(view.source).toMatchObject({ kind: 'notifications' })
  })

  it('a socket slower than the grace: the list is read at once, the catch-up read follows the socket', async () => {
    let open: () => void = () => undefined
    const { live, reads } = makeLive(() => new Promise<void>((resolve) => (open = resolve)))
    await live.list('tab A')
    expect(reads).toHaveLength(1)
    open()
    await settle()
    expect(reads).toHaveLength(2)
  })

  it('a second screen watching already: its list is one read, and a visitor event still reads again', async () => {
    const { live, reads, event } = makeLive(async () => undefined)
    await live.list('tab A')
    await live.list('tab B')
    await settle()
    expect(reads).toHaveLength(2)
    event()
    await settle()
    expect(reads).toHaveLength(3)
  })
})
