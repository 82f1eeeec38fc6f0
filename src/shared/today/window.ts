/**
 * The part of Today's list a screen shows, from the whole day's rows: what the desk typed in the find,
 * the page of each group, and a visitor to show (a walk-in just added). Pure and plain (no zod): main
 * answers it (`today.view`), so a tab paints a page of each group without parsing or holding a large
 * site's 2,500 visitors of the day, and the renderer tests answer it the same way.
 */
import type { TodayGroup, TodayRow } from './schemas'
import { todayGroups } from './groups'
import { matchesSearch, searchRecord, searchWords, type SearchRecord } from '../text/search-words'

/**
 * Rows drawn per group: a usual day fits on one page, and a day of thousands draws at most five
 * pages' worth (one per group) instead of every row.
 */
export const TODAY_PAGE = 50

/** What a screen asks for. */
export interface TodayWindowAsk {
  /** What the desk typed to find a visitor (name, company or host); blank: every row. */
  find: string
  /** The page asked of each group (1-based); absent: the first. Clamped to the group's pages. */
  pages: Partial<Record<TodayGroup, number>>
  /** A visitor to show: the page of their group that holds them, the find cleared if it hides them. */
  reveal?: string | null | undefined
}

/**
 * What a window is cut by: a row's id, group and the words the find reads. Main cuts it over the day's
 * visits before their rows are made (services/today/today-day.ts), so only the rows shown are made.
 */
export type WindowRow = Pick<TodayRow, 'id' | 'group' | 'name' | 'company' | 'host'>

export interface TodayGroupWindow<R = TodayRow> {
  group: TodayGroup
  /** Rows of the group the find keeps (every page). */
  count: number
  /** The page shown (1-based, within the group's pages). */
  page: number
  /** The rows of that page. */
  rows: R[]
}

export interface TodayWindow<R = TodayRow> {
  /** Every row of the day. */
  total: number
  /** Rows the find keeps, over every group. */
  found: number
  /** The find applied: the one asked, or '' when it hid the visitor asked to be revealed. */
  find: string
  /** Each group, in the screen's order. */
  groups: TodayGroupWindow<R>[]
}

/** The words the find is matched against (name, company, host), folded once per row object. */
const findRecords = new WeakMap<WindowRow, SearchRecord>()
function findRecord(row: WindowRow): SearchRecord {
  let record = findRecords.get(row)
  if (record === undefined) {
    record = searchRecord(row.name.split(/\s+/), [row.company, row.host])
    findRecords.set(row, record)
  }
  return record
}

/**
 * Which rows are shown for what the desk typed: the one matcher of every name search
 * (shared/text/search-words.ts) — accents, case and the order of the words ignored; blank: every row.
 */
export function todayMatcher(find: string): (row: WindowRow) => boolean {
  const typed = searchWords(find)
  return typed.length > 0 ? (row) => matchesSearch(typed, findRecord(row)) : () => true
}

/** The window of `rows` (the day's, in the screen's order) that `ask` shows. */
export function todayWindow<R extends WindowRow>(
  rows: readonly R[],
  ask: TodayWindowAsk,
  pageSize = TODAY_PAGE
): TodayWindow<R> {
  const revealed = ask.reveal ? rows.find((r) => r.id === ask.reveal) : undefined
  let find = ask.find
  if (revealed && !todayMatcher(find)(revealed)) find = ''
  const keep = todayMatcher(find)
  const byGroup = new Map<TodayGroup, R[]>(todayGroups.map((g) => [g, []]))
  for (const row of rows) if (keep(row)) byGroup.get(row.group)?.push(row)
  let found = 0
  const groups = todayGroups.map((group) => {
    const inGroup = byGroup.get(group)!
    found += inGroup.length
    const pages = Math.max(1, Math.ceil(inGroup.length / pageSize))
    const asked =
      revealed?.group === group
        ? Math.floor(inGroup.indexOf(revealed) / pageSize) + 1
        : Math.floor(ask.pages[group] ?? 1)
    const page = Math.min(Math.max(1, asked), pages)
    const start = (page - 1) * pageSize
    return { group, count: inGroup.length, page, rows: inGroup.slice(start, start + pageSize) }
  })
  return { total: rows.length, found, find, groups }
}
