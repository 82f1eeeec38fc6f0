import { afterEach, describe, expect, it } from 'vitest'
import { TodayLive } from '../../../src/main/services/today/live-updates'
import type { OpenSocket } from '../../../src/main/services/today/notifications-socket'
import type { Notification } from '../../../src/shared/access/notifications'

/**
 * A screen opening Today reads the list and starts watching it. The list is read and answered first,
 * and the notifications socket opened after the answer: opened before it, the socket held a large
 * site's first rows back by its opening (up to a second on a loaded desk PC). The socket's opening
 * then reads the list once more (what changed while it opened), as a watch alone does.
 */
describe('Today: the list a screen opens with does not wait for the notifications socket', () => {
  let live: TodayLive | undefined
  afterEach(() => {
    live?.close()
    live = undefined
  })

  function makeLive(opens: () => Promise<void>) {
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
      pollMs: 60_000,
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

  it('answers the list before the socket is tried; the socket, once open, reads the list once more', async () => {
    const { live, reads, tries } = makeLive(async () => undefined)
    const view = await live.list('tab A')
    expect(reads).toHaveLength(1)
    expect(tries).toEqual([])
    // Not live yet: the screen says it is connecting until the socket's source is pushed.
    expect(view.source).toEqual({ kind: 'off' })
    await settle()
    expect(tries).toEqual(['socket tried after 1 read(s)'])
    expect(reads).toHaveLength(2)
    expect(live.source).toMatchObject({ kind: 'notifications' })
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
    // Tab A's list, the catch-up after the socket opened, tab B's list; one socket.
    expect(reads).toHaveLength(3)
    expect(tries).toHaveLength(1)
    event()
    await settle()
    expect(reads).toHaveLength(4)
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
