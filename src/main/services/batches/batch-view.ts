import type { BatchView, BatchViewQuery } from '../../../shared/batches/schemas'
import type { BatchModel } from './batch-model'

/**
 * A window of a batch's rows for the Import screen. A batch of 10,000 rows sent whole on each open
 * (~2 MB of JSON) and drawn whole froze the tab; main holds the rows and the screen asks for the ones
 * in view, with the few figures it says of the whole batch (counted here, one pass over the rows).
 */
export function batchView(model: BatchModel, query: Omit<BatchViewQuery, 'batchId'>): BatchView {
  let sent = 0
  let fixed = 0
  let firstToSend: BatchView['firstToSend'] = null
  for (const row of model.rows) {
    const status = row.status
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
    firstToSend: firstToSend ? { ...firstToSend } : null,
    ...(query.rowId !== undefined ? { at: rowIndex(model, query.rowId) } : {})
  }
}

function rowIndex(model: BatchModel, rowId: string): number {
  const row = model.byId.get(rowId)
  return row ? model.rows.indexOf(row) : -1
}
