import { afterEach, describe, expect, it } from 'vitest'
import { TodayLive } from '../../../src/main/services/today/live-updates'
import { SocketRefused } from '../../../src/main/services/today/notifications-socket'
import type { EventName } from '../../../src/shared/ipc/contract'

/**
 * Today's live updates are shared by every screen that shows Today (a tab each in web mode). A walk
 * found tab B leaving Today (for Visitors) stopped tab A's updates: "Connecting to the console…", "List
 * read at" frozen, a cancelled visit still under Here. Each screen watches under its own name; the
 * updates go on while anyone watches.
 */
describe('Today live: watchers', () => {
  let live: TodayLive | undefined
  const events: { event: EventName; payload: unknown }[] = []
  afterEach(() => {
    live?.close()
    live = undefined
    events.length = 0
  })

  function makeLive() {
    let reads = 0
    live = new TodayLive({
      read: async () => ({ day: '2026-11-28', dayStart: 0, dayEnd: 86_400, rows: [], readAt: ++reads }),
      // No socket: the list is polled, so every re-read is said as "today.reads".
      open: async () => {
        throw new SocketRefused('permission', { key: 'noKey', permission: 'view:device' })
      },
      emit: (event, payload) => events.push({ event, payload }),
      pollMs: 10,
      retrySocketMs: 60_000
    })
    return live
  }
  const readsSaid = () => events.filter((e) => e.event === 'today.reads').length
  const readsAfter = async (count: number) => {
    for (let i = 0; i < 500 && readsSaid() < count; i++) await new Promise((r) => setTimeout(r, 10))
    return readsSaid()
  }

  it('one watcher leaving keeps the other’s updates going; the last one leaving stops them', async () => {
    const today = makeLive()
    expect((await today.watch('tab A')).kind).toBe('polling')
    expect((await today.watch('tab B')).kind).toBe('polling')

    today.unwatch('tab B')
    expect(events.some((e) => e.event === 'today.source' && (e.payload as { kind: string }).kind === 'off')).toBe(false)
    const now = readsSaid()
    expect(await readsAfter(now + 3)).toBeGreaterThanOrEqual(now + 3)

    // The same watcher twice is one watcher: its one leave stops the updates.
    await today.watch('tab A')
    today.unwatch('tab A')
    expect(events.at(-1)).toEqual({ event: 'today.source', payload: { kind: 'off' } })
  })

  it('a console switch restarts the updates for the watchers still there', async () => {
    const today = makeLive()
    await today.watch('tab A')
    await today.watch('tab B')
    today.unwatch('tab B')
    await today.restart()
    expect(today.source.kind).toBe('polling')
    const now = readsSaid()
    expect(await readsAfter(now + 2)).toBeGreaterThanOrEqual(now + 2)
  })
})
