import type { BatchView, BatchViewQuery } from '../../../shared/batches/schemas'
import type { BatchModel } from './batch-model'
import { batchRowRetried } from '../../../shared/batches/row-way-on'

/**
 * A window of a batch's rows for the Import screen. A batch of 10,000 rows sent whole on each open
 * (~2 MB of JSON) and drawn whole froze the tab; main holds the rows and the screen asks for the ones
 * in view, with the few figures it says of the whole batch (counted here, one pass over the rows).
 */
export function batchView(model: BatchModel, query: Omit<BatchViewQuery, 'batchId'>): BatchView {
  let sent = 0
  let fixed = 0
  let retried = 0
  let firstToSend: BatchView['firstToSend'] = null
  for (const row of model.rows) {
    const status = row.status
    if (status === 'failed' && batchRowRetried(row)) retried++
    if (status === 'imported' || status === 'unknown' || status === 'sending') sent++
    else {
      if (status === 'pending' && row.retry) fixed++
      firstToSend ??= row
    }
  }
  const rows = model.rows.slice(query.offset, query.offset + query.limit).map((r) => ({ ...r }))
  return {
    ...model.summary(),
    version: model.version,
    offset: query.offset,
    rows,
    sent,
    fixed,
    retried,
    firstToSend: firstToSend ? { ...firstToSend } : null,
    ...(query.rowId !== undefined ? { at: rowIndex(model, query.rowId) } : {}),
    ...(query.failedFrom !== undefined ? { failedAt: failedIndex(model, query.failedFrom) } : {})
  }
}

/**
 * The first failed row at or after `from`, else the first of the batch (-1: none): a 10,000-row batch's
 * "1 failed" was to be found by scrolling (issue 31's installer walk), now one press away.
 */
function failedIndex(model: BatchModel, from: number): number {
  const rows = model.rows
  for (let i = from; i < rows.length; i++) if (rows[i]!.status === 'failed') return i
  for (let i = 0; i < Math.min(from, rows.length); i++) if (rows[i]!.status === 'failed') return i
  return -1
}

function rowIndex(model: BatchModel, rowId: string): number {
  const row = model.byId.get(rowId)
  return row ? model.rows.indexOf(row) : -1
}
