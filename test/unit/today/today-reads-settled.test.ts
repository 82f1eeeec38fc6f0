import { afterEach, describe, expect, it } from 'vitest'
import { TodayLive } from '../../../src/main/services/today/live-updates'
import { SocketRefused } from '../../../src/main/services/today/notifications-socket'
import type { EventName } from '../../../src/shared/ipc/contract'

type Reads = { failingSince: number | null; lastFailedAt: number | null; message: string | null; readAt?: number }

/**
 * "This list is not current" is main's word for every tab. Any read of the list that works (a tab
 * opening Today, a screen's own read) ends it for every tab at once, not only main's next background
 * re-read a poll interval later; and the next outage starts its own "since".
 */
describe('Today live: a read that works ends the failing re-reads for every tab', () => {
  let live: TodayLive | undefined
  const events: { event: EventName; payload: unknown }[] = []
  afterEach(() => {
    live?.close()
    live = undefined
    events.length = 0
  })

  function makeLive() {
    const console = { up: true, reads: 0 }
    live = new TodayLive({
      read: async () => {
        if (!console.up) throw new Error('The console did not answer.')
        return { day: '2026-11-28', dayStart: 0, dayEnd: 86_400, rows: [], readAt: 1000 + ++console.reads }
      },
      open: async () => {
        throw new SocketRefused('permission', { key: 'noKey', permission: 'view:device' })
      },
      emit: (event, payload) => events.push({ event, payload }),
      // The background re-read comes only when the test asks for it.
      pollMs: 3_600_000,
      retrySocketMs: 3_600_000
    })
    return { live, console }
  }
  const reads = () => events.filter((e) => e.event === 'today.reads').map((e) => e.payload as Reads)

  it('a second tab’s list read after the console answers again says the reads work, to every tab', async () => {
    const { live, console } = makeLive()
    await live.list('tab A')
    console.up = false
    await live.refresh()
    const failing = reads().at(-1)
    expect(failing?.failingSince).toEqual(expect.any(Number))

    console.up = true
    const view = await live.list('tab B')
    expect(view.notReadNow).toBeUndefined()
    // Every tab hears that the list is current again, with when it was read.
    expect(reads().at(-1)).toEqual({ failingSince: null, lastFailedAt: null, message: null, readAt: view.readAt })

    // The next outage is its own: its "since" is not the first outage's.
    await new Promise((r) => setTimeout(r, 5))
    console.up = false
    await live.refresh()
    expect(reads().at(-1)?.failingSince).toBeGreaterThan(failing!.failingSince!)
  })
})
