import type { BatchDetail, BatchSummary } from '../../../shared/batches/schemas'
import type { EventPayload } from '../../../shared/ipc/contract'

type BatchChanged = EventPayload<'batches.changed'>

/** A batch's change as main tells it: its summary, and the rows it touched with the batch's new version. */
export type RowsChanged = BatchChanged & {
  summary: BatchSummary
  version: number
  rows: NonNullable<BatchChanged['rows']>
}

/** The open batch after a change: its new summary, its rows as the change left them (in scan order). */
export function withChanges(detail: BatchDetail, change: RowsChanged): BatchDetail {
  const { added, updated, removed } = change.rows
  let rows = detail.rows
  if (updated.length > 0 || removed.length > 0) {
    const gone = new Set(removed)
    const now = new Map(updated.map((r) => [r.id, r]))
    rows = rows.filter((r) => !gone.has(r.id)).map((r) => now.get(r.id) ?? r)
  }
  if (added.length > 0) rows = [...rows, ...added]
  return { ...change.summary, rows }
}
