import type { TodayRow, TodayView } from '../../../shared/today/schemas'
import type { WindowRow } from '../../../shared/today/window'

/**
 * The day's list as main holds it: every visit with what a window is cut by (group, the find's words,
 * the order), and their rows made only when asked. The screen's first window needs the rows of a page
 * of each group (at most 250 of a large site's 2,500 visits of the day): unfolding every visitor's door
 * groups and making every row before answering it was most of main's work after the console's pages
 * had arrived (bench/lists-open.bench.ts). `today.list`, and a re-read comparing what changed, ask for
 * every row.
 */
export interface TodayDay extends Omit<TodayView, 'source' | 'rows' | 'notReadNow'> {
  /** The day's visits in the screen's order. */
  entries: readonly WindowRow[]
  /** The rows of these visits (entries of this day), in their order; each row is made once. */
  rowsOf(entries: readonly WindowRow[]): Promise<TodayRow[]>
}

/** What a read answers: the day with its rows to make, or (a read that made them already) the rows. */
export type TodayRead = TodayDay | Omit<TodayView, 'source'>

/** A read's answer as a day: rows already made are their own entries. */
export function asDay(read: TodayRead): TodayDay {
  if ('entries' in read) return read
  const { rows, notReadNow: _notReadNow, ...head } = read
  return { ...head, entries: rows, rowsOf: async (entries) => entries as TodayRow[] }
}

/** The day's head (the day, its bounds, when it was read), without its visits. */
export function dayHead(day: TodayDay): Omit<TodayView, 'source' | 'rows' | 'notReadNow'> {
  return { day: day.day, dayStart: day.dayStart, dayEnd: day.dayEnd, readAt: day.readAt }
}

/** Every row of the day (today.list, a re-read comparing what changed). */
export async function allRows(day: TodayDay): Promise<TodayRow[]> {
  return day.rowsOf(day.entries)
}
