import { afterEach, describe, expect, it } from 'vitest'
import { TodayLive } from '../../../src/main/services/today/live-updates'
import type { TodayRow, TodayView } from '../../../src/shared/today/schemas'

/**
 * The list a screen opens Today with is answered without first saying each row as JSON (what a
 * re-read compares with to push only what changed): on a large site that was tens of milliseconds
 * of the first open, before any row was answered. The next re-read still pushes exactly what changed.
 */
describe('Today: the first answer is not held back by what the next re-read compares with', () => {
  let live: TodayLive | undefined
  afterEach(() => {
    live?.close()
    live = undefined
  })

  it('reads the list without saying its rows; a re-read then pushes only the row that changed', async () => {
    let said = 0
    /** A row that counts each time it is said as JSON. */
    const row = (id: string, company: string) =>
      ({
        id,
        name: id,
        company,
        host: '',
        status: 'ACTIVE',
        group: 'expected',
        start: 1,
        end: 2,
        week: null,
        credentials: { pin: false, cards: 0, qr: false },
        doors: [],
        badgePrinted: false,
        badgeOutput: null,
        badgeQrRevokedAt: null,
        arrival: null,
        toJSON() {
          said++
          const { toJSON: _toJSON, ...plain } = this as TodayRow & { toJSON: unknown }
          return plain
        }
      }) as unknown as TodayRow
    const view = (rows: TodayRow[]): Omit<TodayView, 'source'> => ({
      day: '2026-11-29',
      dayStart: 0,
      dayEnd: 86_399,
      rows,
      readAt: Date.now()
    })
    let next = view([row('v1', 'Acme'), row('v2', 'Globex')])
    const events: { event: string; payload: unknown }[] = []
    live = new TodayLive({
      read: async () => next,
      open: async () => {
        throw new Error('no socket here')
      },
      emit: (event, payload) => events.push({ event, payload }),
      pollMs: 60_000,
      retrySocketMs: 60_000
    })

    const first = await live.read()
    expect(first.rows.map((r) => r.id)).toEqual(['v1', 'v2'])
    expect(said).toBe(0)

    next = view([row('v1', 'Acme'), row('v2', 'Initech')])
    await live.refresh()
    const changed = events.filter((e) => e.event === 'today.changed')
    expect(changed).toHaveLength(1)
    expect((changed[0]!.payload as { changed: TodayRow[] }).changed.map((r) => r.id)).toEqual(['v2'])
  })
})
