import { buildApi } from '../../../src/preload/api'
import type { ChannelName, EventName } from '../../../src/shared/ipc/contract'
import type { Envelope } from '../../../src/shared/ipc/define'
import type { TodayRow, TodayView } from '../../../src/shared/today/schemas'
import { todayMainOf } from '../../support/today-window'

/** 23 Nov 2026 in the test's time zone: the day Today shows. */
export const dayStart = Math.floor(new Date(2026, 10, 23).getTime() / 1000)
const at = (h: number) => dayStart + h * 3600

export const row = (fields: Partial<TodayRow> & Pick<TodayRow, 'id' | 'name'>): TodayRow => ({
  company: '',
  host: '',
  status: 'ACTIVE',
  group: 'expected',
  start: at(9),
  end: at(17),
  doors: [],
  credentials: { pin: false, cards: 0, qr: false },
  badgePrinted: false,
  badgeQrRevokedAt: null,
  week: null,
  ...fields
})

export function viewOf(rows: TodayRow[], readAt = Date.now()): TodayView {
  return {
    day: '2026-11-23',
    dayStart,
    dayEnd: dayStart + 86_399,
    rows,
    readAt,
    source: { kind: 'notifications', visitorEvents: true, backstopSeconds: 60 }
  }
}

/**
 * A bridge for the Today screen whose events the test pushes, as main would; `answers` replace the
 * defaults (a throw answers the error envelope of an unreachable console). The test scripts the whole
 * list main reads (`today.list`) and pushes whole lists (`today.changed`): the bridge holds the list
 * as main does, answers the screen's windows of it (`today.view`, by the shared window), and pushes
 * what changed, as main's live updates do.
 */
export function todayBridge(answers: Partial<Record<ChannelName, (input?: unknown) => unknown>>) {
  const listeners = new Map<EventName, ((payload: unknown) => void)[]>()
  const main = todayMainOf((input) => all['today.list']!(input))
  const defaults: Partial<Record<ChannelName, (input?: unknown) => unknown>> = {
    'today.view': (input) => main.view(input),
    'today.watch': () => ({ kind: 'notifications', visitorEvents: true, backstopSeconds: 60 }),
    'today.unwatch': () => ({ stopped: true }),
    'today.settings': () => ({ walkInDoors: [] }),
    'today.capabilities': () => ({ missing: [] }),
    'kiosk.checkins': () => ({ items: [] }),
    'connections.list': () => ({ profiles: [], activeId: 'site' }),
    'connections.reach': () => ({ profileId: 'site', state: 'reachable', checkedAt: 1 })
  }
  const all = { ...defaults, ...answers }
  const bridge = buildApi(
    async (channel, input): Promise<Envelope> => {
      const answer = all[channel]
      if (!answer) return { ok: false, error: { kind: 'server', message: `unscripted ${channel}`, retryable: false } }
      try {
        return { ok: true, result: await answer(input) }
      } catch (err) {
        return {
          ok: false,
          error: { kind: 'network', code: 'NETWORK', message: (err as Error).message, retryable: true }
        }
      }
    },
    (event, listener) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener as (p: unknown) => void])
      return () =>
        listeners.set(
          event,
          (listeners.get(event) ?? []).filter((l) => l !== listener)
        )
    }
  )
  const push = (event: EventName, payload: unknown) => {
    if (event === 'today.changed' && payload && 'rows' in (payload as object)) {
      // A whole list, as the test wrote it: what changed from the list held, as main pushes it.
      const change = main.changed(payload as TodayView)
      if (!change) return
      payload = change
    }
    for (const l of listeners.get(event) ?? []) l(payload)
  }
  return { bridge, push, answers: all }
}
