import type { BatchRow, BatchSummary, BatchView, CsvPreviewOpen, CsvPreviewRow } from '../../../shared/batches/schemas'
import type { RowsChanged } from './batch-changes'

/**
 * The open batch as the Import screen holds it: its summary, the figures it says of the whole batch,
 * and only the rows it was sent (a window around what is in view, and taps since), by position. A
 * batch of 10,000 rows held and drawn whole froze the tab; main keeps them (batches.view).
 */
export interface BatchWindow extends BatchSummary {
  /** Rows on the console or that may be (imported, to check, sending): the byte order is then locked. */
  sent: number
  /** Rows edited since they failed: Retry sends them with the failed ones. */
  fixed: number
  /** Failed rows Retry sends again: the same again may go otherwise (shared/batches/row-way-on.ts). */
  retried: number
  /** The first row not yet sent: the example a byte-order switch is said with. */
  firstToSend: BatchRow | null
  /** The rows held, by position (0-based, in scan order). */
  rows: ReadonlyMap<number, BatchRow>
  /** The position of each row held, by id. */
  at: ReadonlyMap<string, number>
  /**
   * A change came that the figures above cannot follow from its rows alone (an edit, an upload's
   * results, a removal that moves the rows after it): the window is to be read again. The rows it
   * carried are shown meanwhile.
   */
  stale: boolean
}

/** Rows asked for beyond those in view, each way: a wheel step or a Page Down finds them here. */
export const AROUND = 40
/** Rows asked for at least in one window (the first answer covers the first screenful and more). */
export const WINDOW = 100

/** Rows held at most: beyond it, those far from the window just read are dropped (read again if scrolled to). */
const HELD_MAX = 1500

export function fromView(view: BatchView): BatchWindow {
  const { version: _version, offset, rows: viewRows, at: _at, ...rest } = view
  void _version
  void _at
  const rows = new Map<number, BatchRow>()
  const at = new Map<string, number>()
  viewRows.forEach((row, i) => {
    rows.set(offset + i, row)
    at.set(row.id, offset + i)
  })
  return { ...rest, rows, at, stale: false }
}

/** A window read at the version held: its rows join those held (far ones dropped past HELD_MAX). */
export function withView(held: BatchWindow, view: BatchView): BatchWindow {
  const next = fromView(view)
  if (held.rows.size + view.rows.length <= HELD_MAX) {
    const rows = new Map(held.rows)
    const at = new Map(held.at)
    for (const [i, row] of next.rows) {
      const old = rows.get(i)
      if (old) at.delete(old.id)
      rows.set(i, row)
      at.set(row.id, i)
    }
    return { ...next, rows, at, stale: held.stale }
  }
  return next
}

/**
 * The open batch after a change main told (batches.changed): a tap adds its row at the end without
 * reading anything; an edit or an upload's results replace the rows held; a removal moves the rows
 * after it, so the positions held are dropped. The last two make the window stale (read again).
 */
export function withRowChanges(held: BatchWindow, change: RowsChanged): BatchWindow {
  const { added, updated, removed } = change.rows
  let rows = held.rows
  let at = held.at
  let stale = held.stale
  if (removed.length > 0) {
    rows = new Map()
    at = new Map()
    stale = true
  } else if (updated.length > 0 || added.length > 0) {
    rows = new Map(rows)
    at = new Map(at)
  }
  if (updated.length > 0) {
    stale = true
    for (const row of updated) {
      const i = at.get(row.id)
      if (i !== undefined) (rows as Map<number, BatchRow>).set(i, row)
    }
  }
  // Added rows go at the end, in the order main added them.
  const first = change.summary.counts.total - added.length
  added.forEach((row, k) => {
    ;(rows as Map<number, BatchRow>).set(first + k, row)
    ;(at as Map<string, number>).set(row.id, first + k)
  })
  const firstToSend = held.firstToSend ?? added.find((r) => r.status === 'pending' || r.status === 'failed') ?? null
  return { ...held, ...change.summary, rows, at, stale, firstToSend }
}

/** The lines a CSV preview came with, by position (its lines stay in main: batches.previewRows). */
export function linesOf(preview: CsvPreviewOpen): ReadonlyMap<number, CsvPreviewRow> {
  return withLines(new Map(), preview.offset, preview.rows)
}

/** Lines held and a window of lines read from `offset` (those held first dropped past HELD_MAX). */
export function withLines(
  held: ReadonlyMap<number, CsvPreviewRow>,
  offset: number,
  rows: CsvPreviewRow[]
): ReadonlyMap<number, CsvPreviewRow> {
  const lines = new Map(held.size + rows.length > HELD_MAX ? [] : held)
  rows.forEach((row, k) => lines.set(offset + k, row))
  return lines
}
