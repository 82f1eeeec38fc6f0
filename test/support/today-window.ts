import type { Envelope } from '../../src/shared/ipc/define'
import type { TodayChange, TodayView } from '../../src/shared/today/schemas'
import { todayWindow, type TodayWindowAsk } from '../../src/shared/today/window'
import { rowsChange, rowsSeen } from '../../src/main/services/today/today-list'

/**
 * Main's side of Today for a test's bridge. A test scripts the whole list main reads (`read`, what
 * today.list answers) and pushes whole lists; the screen asks windows of it (`today.view`) and is
 * pushed what changed (`today.changed`). This holds the list as main does, answers the windows by the
 * shared window (shared/today/window.ts) and turns a whole list into what changed from the one held,
 * as main's live updates do (rowsChange).
 */
export function todayMainOf(read: (input?: unknown) => unknown) {
  let held: TodayView | undefined
  return {
    async view(input?: unknown) {
      const ask = (input ?? {}) as Partial<TodayWindowAsk> & { read?: boolean }
      if (ask.read || !held) held = (await read(input)) as TodayView
      const { rows, ...head } = held
      return { ...head, ...todayWindow(rows, { find: ask.find ?? '', pages: ask.pages ?? {}, reveal: ask.reveal }) }
    },
    /** What main pushes for a whole list read anew; null: nothing changed (main pushes nothing). */
    changed(view: TodayView): TodayChange | null {
      const change = rowsChange(held ? rowsSeen(held) : undefined, rowsSeen(view))
      held = view
      if (!change) return null
      const { rows, ...head } = view
      return {
        ...head,
        changed: rows.filter((r) => change.changed.has(r.id)),
        removed: change.removed,
        moved: change.moved
      }
    }
  }
}

/** For a scripted bridge answering envelopes: today.view answered from its today.list (see todayMainOf). */
export function envelopedTodayView(list: (input: unknown) => Envelope | Promise<Envelope>) {
  const main = todayMainOf(async (input) => {
    const answer = await list(input)
    if (!answer.ok) throw Object.assign(new Error('scripted'), { envelope: answer })
    return answer.result
  })
  return async (input: unknown): Promise<Envelope> => {
    try {
      return { ok: true, result: await main.view(input) }
    } catch (err) {
      const envelope = (err as { envelope?: Envelope }).envelope
      if (envelope) return envelope
      throw err
    }
  }
}
