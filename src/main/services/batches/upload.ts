import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import type { BatchRow, UploadResult } from '../../../shared/batches/schemas'
import type { BatchService, LoadedBatch } from './batch-service'
import type { ImportRecord, NfcCard } from '../../../shared/access/nfc-cards'
import type { BatchConsole } from './console-port'
import { exportFilename, toConsoleCsv } from './csv-export'
import type { JournalEntry } from './journal-entries'

export interface UploadOptions {
  /** "Retry failed rows": send only rows that failed before. */
  onlyFailed?: boolean
  /** The user checked the console and wants the rows of unknown outcome sent again. */
  resendUnknown?: boolean
  chunkSize?: number
}

type RowResult = Extract<JournalEntry, { t: 'results' }>['results'][number]

export const DEFAULT_CHUNK = 500

/** Errors after which the console certainly did not import the chunk (the request was refused whole). */
const REFUSED_WHOLE = new Set(['auth', 'permission', 'unsupported', 'validation', 'rate-limited'])

/**
 * Upload a batch in chunks, in order. Before a chunk is sent its rows are journalled as `sending`;
 * only the console's answer marks them imported or failed. A crash in between leaves them
 * `unknown` (to check), so nothing is ever re-sent silently.
 */
export async function runUpload(
  service: BatchService,
  batch: LoadedBatch,
  getClient: () => Promise<BatchConsole>,
  options: UploadOptions,
  signal: AbortSignal
): Promise<UploadResult> {
  const uploadId = randomUUID()
  const model = batch.model
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK
  const client = await getClient()

  const selected = await service.exclusive(batch, async () => {
    const wanted = new Set<BatchRow['status']>(options.onlyFailed ? ['failed'] : ['pending', 'failed'])
    if (options.resendUnknown) wanted.add('unknown')
    const rows = model.rows.filter((r) => wanted.has(r.status)).map((r) => r.id)
    if (rows.length > 0) {
      model.uploadingNow = true
      await service.commit(batch, { t: 'upload-start', uploadId, at: new Date().toISOString() })
    }
    return rows
  })
  const result: UploadResult = { uploadId, sent: 0, imported: 0, failed: 0, unknown: 0 }
  if (selected.length === 0) return result

  const chunks = Math.ceil(selected.length / chunkSize)
  let consoleCards: Promise<NfcCard[] | undefined> | undefined
  const progress = (chunk: number, finished: boolean) =>
    service.emitProgress({
      batchId: model.meta.id,
      uploadId,
      done: result.imported + result.failed + result.unknown,
      total: selected.length,
      chunk,
      chunks,
      imported: result.imported,
      failed: result.failed,
      unknown: result.unknown,
      finished
    })

  let failure: AppError | undefined
  try {
    progress(0, false)
    for (let c = 0; c < chunks; c++) {
      if (signal.aborted) {
        failure = new AppError({ kind: 'cancelled', code: 'UPLOAD_STOPPED', message: 'The upload was stopped.' })
        break
      }
      const ids = selected.slice(c * chunkSize, (c + 1) * chunkSize)
      const rows = await service.exclusive(batch, async () => {
        const present = ids.flatMap((id) => {
          const row = model.byId.get(id)
          return row ? [{ ...row }] : []
        })
        await service.commit(batch, { t: 'sending', uploadId, rowIds: present.map((r) => r.id) })
        return present
      })
      if (rows.length === 0) continue
      result.sent += rows.length

      let records: ImportRecord[] | undefined
      let error: AppError | undefined
      try {
        records = await client.nfcCards.importCsv(
          toConsoleCsv(rows),
          { filename: exportFilename(`${model.meta.name}-part-${c + 1}`, 'all') },
          { signal }
        )
      } catch (err) {
        error = AppError.from(err)
      }

      let results: RowResult[]
      if (records) {
        results = mapRecords(rows, records)
        if (results.some((r) => r.status === 'failed')) {
          consoleCards ??= client.nfcCards.all({ pageSize: 100 }).catch(() => undefined)
          explainFailures(rows, results, await consoleCards)
        }
      } else {
        const refusedWhole = error !== undefined && REFUSED_WHOLE.has(error.kind)
        results = rows.map((row) =>
          refusedWhole
            ? { rowId: row.id, status: row.status === 'failed' ? 'failed' : 'pending', reason: error!.message }
            : {
                rowId: row.id,
                status: 'unknown',
                reason: `No answer from the console (${error?.message ?? 'stopped'}): check on the console whether this card was imported before sending it again.`
              }
        )
      }
      await service.exclusive(batch, () => service.commit(batch, { t: 'results', uploadId, results }))
      for (const r of results) {
        if (r.status === 'imported') result.imported++
        else if (r.status === 'failed') result.failed++
        else if (r.status === 'unknown') result.unknown++
      }
      progress(c + 1, false)
      if (error) {
        failure = new AppError({
          kind: error.kind,
          code: error.code ?? 'UPLOAD_FAILED',
          message: `The upload stopped at part ${c + 1} of ${chunks}: ${error.message}`,
          hint:
            result.unknown > 0
              ? `${result.unknown} rows may or may not be on the console: they are marked "to check". Rows already imported will not be sent again.`
              : (error.hint ?? 'Fix the cause and upload again; imported rows will not be sent again.'),
          details: { ...result }
        })
        break
      }
    }
  } finally {
    model.uploadingNow = false
    await service
      .exclusive(batch, () => service.commit(batch, { t: 'upload-end', uploadId, at: new Date().toISOString() }))
      .catch(() => undefined)
    progress(chunks, true)
  }
  if (failure) throw failure
  return result
}

/** Match the console's records to the rows by NFC ID (uppercase), falling back to position. */
function mapRecords(rows: BatchRow[], records: ImportRecord[]): RowResult[] {
  const byNfc = new Map<string, ImportRecord>()
  for (const record of records) byNfc.set(record.nfc_id.toUpperCase(), record)
  const positional = records.length === rows.length
  return rows.map((row, i) => {
    const record = byNfc.get(row.nfcId) ?? (positional ? records[i] : undefined)
    if (!record) {
      return {
        rowId: row.id,
        status: 'unknown',
        reason: "The console's answer does not mention this card: check on the console whether it was imported."
      }
    }
    if (record.token) return { rowId: row.id, status: 'imported', token: record.token }
    return { rowId: row.id, status: 'failed', reason: 'The console did not import this row.' }
  })
}

/** An empty token comes without a reason; look at the console's cards for the likely one. */
function explainFailures(rows: BatchRow[], results: RowResult[], cards: NfcCard[] | undefined): void {
  const byAlias = new Map<string, NfcCard>()
  const byNfc = new Map<string, NfcCard>()
  for (const card of cards ?? []) {
    if (card.alias) byAlias.set(card.alias, card)
    if (card.display_id) byNfc.set(card.display_id.toUpperCase(), card)
  }
  results.forEach((result, i) => {
    if (result.status !== 'failed') return
    const row = rows[i]!
    const known = byNfc.get(row.nfcId)
    const aliasOwner = row.alias ? byAlias.get(row.alias) : undefined
    if (known) {
      result.reason = `This card is already on the console${known.alias ? ` (as "${known.alias}")` : ''}.`
    } else if (aliasOwner) {
      result.reason = `The alias "${row.alias}" is already used on the console by card ${aliasOwner.display_id ?? aliasOwner.token.slice(0, 8)}: change the alias and retry failed rows.`
    } else {
      result.reason = cards
        ? 'The console did not import this row and gave no reason.'
        : 'The console did not import this row (usually a duplicate alias or a card it already knows).'
    }
  })
}
