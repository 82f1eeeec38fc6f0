import type { BatchRow, BatchView, CsvPreview, CsvPreviewOpen } from '../../../src/shared/batches/schemas'
import { csvProblemLines } from '../../../src/shared/batches/csv-problems'
import { batchRowRetried } from '../../../src/shared/batches/row-way-on'
import type { ChannelName } from '../../../src/shared/ipc/contract'
import type { Envelope } from '../../../src/shared/ipc/define'
import { eventBridge as scriptedBridge } from '../enroll/event-bridge'

/**
 * The Import screen asks main for windows of a batch's rows and of a CSV preview's lines
 * (batches.view, batches.previewFile/previewRows/importFile). Tests script a batch whole, as
 * batches.get and batches.previewCsv answer it: `windowed` answers the window channels from those
 * scripts, as main does from the batch it holds.
 */
type Answer = (input: unknown) => Envelope | Promise<Envelope>

export function windowed<A extends Partial<Record<ChannelName, Answer>>>(answers: A): A {
  const out: Partial<Record<ChannelName, Answer>> = { ...answers }
  // Looked up at each call: a test may script batches.get anew on the bridge's answers.
  const get: Answer = (input) => out['batches.get']!(input)
  if (answers['batches.get'] && !answers['batches.view']) {
    out['batches.view'] = async (input) => {
      const { batchId, offset, limit, rowId } = input as {
        batchId: string
        offset: number
        limit: number
        rowId?: string
      }
      const answer = await get({ id: batchId })
      if (!answer.ok) return answer
      return { ok: true, result: viewOf(answer.result as BatchView & { rows: BatchRow[] }, offset, limit, rowId) }
    }
  }
  const previews = new Map<string, CsvPreview>()
  const open = (preview: CsvPreview, limit: number): CsvPreviewOpen => {
    const previewId = `preview-${previews.size + 1}`
    previews.set(previewId, preview)
    return openPreview(preview, limit, previewId)
  }
  const preview: Answer = (input) => out['batches.previewCsv']!(input)
  if (answers['batches.previewCsv'] && !answers['batches.previewFile']) {
    out['batches.previewFile'] = async (input) => {
      const { limit, ...rest } = input as { limit: number; text: string; batchId?: string }
      const answer = await preview(rest)
      return answer.ok ? { ok: true, result: open(answer.result as CsvPreview, limit) } : answer
    }
  }
  const importCsv: Answer = (input) => out['batches.importCsv']!(input)
  if (answers['batches.importCsv'] && !answers['batches.importFile']) {
    out['batches.importFile'] = async (input) => {
      const { limit, ...rest } = input as { limit: number; text: string; batchId: string }
      const answer = await importCsv(rest)
      if (!answer.ok) return answer
      const result = answer.result as { added: number; preview: CsvPreview }
      return { ok: true, result: { added: result.added, preview: open(result.preview, limit) } }
    }
  }
  out['batches.previewRows'] ??= (input) => {
    const { previewId, offset, limit } = input as { previewId: string; offset: number; limit: number }
    const rows = previews.get(previewId)?.rows ?? []
    return { ok: true, result: { offset, rows: rows.slice(offset, offset + limit) } }
  }
  return out as A
}

/** The scripted bridge (enroll/event-bridge.ts) with the window channels answered from the whole batch. */
export const eventBridge: typeof scriptedBridge = (answers) => scriptedBridge(windowed(answers))

/** batches.view's answer from a whole batch, as main's batch-view.ts computes it. */
export function viewOf(
  batch: Omit<BatchView, 'offset' | 'sent' | 'fixed' | 'retried' | 'firstToSend' | 'version'> & {
    version?: number
    rows: BatchRow[]
  },
  offset = 0,
  limit = 1000,
  rowId?: string
): BatchView {
  const rows = batch.rows
  const sent = rows.filter((r) => r.status === 'imported' || r.status === 'unknown' || r.status === 'sending').length
  const fixed = rows.filter((r) => r.status === 'pending' && r.retry).length
  const retried = rows.filter((r) => r.status === 'failed' && batchRowRetried(r)).length
  const firstToSend = rows.find((r) => r.status === 'pending' || r.status === 'failed') ?? null
  return {
    ...batch,
    // A scripted batch without a version stays without one: the store reads it again at each change.
    version: batch.version as number,
    offset,
    rows: rows.slice(offset, offset + limit),
    sent,
    fixed,
    retried,
    firstToSend,
    ...(rowId !== undefined ? { at: rows.findIndex((r) => r.id === rowId) } : {})
  }
}

export function openPreview(preview: CsvPreview, limit = 1000, previewId = 'preview'): CsvPreviewOpen {
  const { rows, ...rest } = preview
  return {
    ...rest,
    previewId,
    total: rows.length,
    readAsHex: rows.filter((r) => r.reading !== undefined && (r.status === 'ok' || r.status === 'repaired')).length,
    problems: csvProblemLines(rows),
    offset: 0,
    rows: rows.slice(0, limit)
  }
}

/** RowsTable's props for rows held whole (a component test): the table asks for nothing. */
export const rowsProps = (rows: BatchRow[]) => ({
  count: rows.length,
  rowAt: (i: number) => rows[i],
  onrange: () => undefined
})

/** CsvPreviewTable's props for a preview held whole. */
export const previewProps = (preview: CsvPreview) => ({
  preview: openPreview(preview),
  lineAt: (i: number) => preview.rows[i],
  onrange: () => undefined
})
