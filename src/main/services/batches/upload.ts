import { errorReason, rowReason } from './row-reasons'
import type { RowReason } from '../../../shared/batches/row-reason'
import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import { callFate, lostKind } from '../access/lost-answer'
import type { BatchConsoleRef, BatchRow, UploadResult } from '../../../shared/batches/schemas'
import { cardName, type ConsoleCards } from './console-cards'
import { CardsAfterParts } from './cards-after-parts'
import type { BatchWrites, LoadedBatch } from './loaded-batch'
import type { ImportRecord } from '../../../shared/access/nfc-cards'
import type { BatchConsole } from './console-port'
import type { WriteAnswer } from '../access/http'
import { toConsoleCsv } from './csv-export'
import type { JournalEntry } from './journal-entries'
import { batchUploadFilename } from '../audit/write-names'
import errorsEn from '../../../shared/i18n/messages/errors/en.json'
import { Translator } from '../../../shared/i18n/translator'
import { batchRowRetried } from '../../../shared/batches/row-way-on'

export interface UploadOptions {
  /** "Retry failed rows": send only rows that failed before. */
  onlyFailed?: boolean
  /** The user checked the console and wants the rows of unknown outcome sent again. */
  resendUnknown?: boolean
  chunkSize?: number
  /** The console uploaded to: a batch not yet bound to one is bound to it. */
  active?: BatchConsoleRef | null
}

type RowResult = Extract<JournalEntry, { t: 'results' }>['results'][number]

const DEFAULT_CHUNK = 500

/** Errors after which the console certainly did not import the chunk (the request was refused whole). */
const REFUSED_WHOLE = new Set(['auth', 'permission', 'unsupported', 'validation', 'rate-limited'])

/**
 * Upload a batch in chunks, in order. Before a chunk is sent its rows are journalled as `sending`;
 * only the console's answer marks them imported or failed. A crash in between leaves them
 * `unknown` (to check), so nothing is ever re-sent silently.
 */
export async function runUpload(
  service: BatchWrites,
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
    // One rule (issue 31): a normal upload sends the rows never sent; a row that was sent and failed is
    // "Retry failed"'s only, as it is and once the user has fixed it (edited: pending again, marked retry).
    // Upload offering it too counted it twice on the screen and sent it with rows it was not asked for.
    // A row of unknown outcome keeps its mark but is not pending, so it goes only when the user asks to
    // send it again. Retry sends a failed row only when the same again may go otherwise (the one rule,
    // shared/batches/row-way-on.ts): one the console refused for what it holds waits for the person's fix.
    const retried = (r: BatchRow) => (options.onlyFailed ? batchRowRetried(r) : r.status === 'pending' && !r.retry)
    const rows = model.rows
      .filter((r) => retried(r) || (options.resendUnknown === true && r.status === 'unknown'))
      .map((r) => r.id)
    if (rows.length > 0) {
      model.uploadingNow = true
      const at = new Date().toISOString()
      if (!model.meta.console && options.active) {
        await service.commit(batch, { t: 'console', console: options.active, at })
      }
      await service.commit(batch, { t: 'upload-start', uploadId, at })
    }
    return rows
  })
  const result: UploadResult = { uploadId, sent: 0, imported: 0, failed: 0, unknown: 0 }
  if (selected.length === 0) return result

  const chunks = Math.ceil(selected.length / chunkSize)
  // The card list after each part, read once and shared with the audit of the part's write.
  const cardsAfter = new CardsAfterParts(() => service.consoleCards(options.active ?? null, true))
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
      // Stryker disable next-line ConditionalExpression: unreachable, rows cannot be removed while an upload runs (refuseWhileUploading); kept so no change elsewhere can send an empty CSV
      if (rows.length === 0) continue
      result.sent += rows.length

      // The part's outcome is journalled with the console's answer, before the audit's row says it
      // (CallOptions.answered): a stop of the app between the two never leaves the Audit saying Done of
      // rows the batch holds as sent without an answer.
      let part: { results: RowResult[]; error?: AppError } | undefined
      let notJournalled: unknown
      const journalPart = async (answer: WriteAnswer, auditRowId: string | undefined) => {
        try {
          part = await recordPart(service, batch, uploadId, rows, answer, auditRowId, cardsAfter, options)
        } catch (err) {
          notJournalled = err
        }
      }
      let records: ImportRecord[] | undefined
      try {
        records = await client.nfcCards.importCsv(
          toConsoleCsv(rows),
          { filename: batchUploadFilename(model.meta.name, c + 1) },
          {
            signal,
            readAfter: cardsAfter.nextPart(),
            // The CSV files this part's rows came from: its audit row names them beside the batch.
            ...filesOf(rows),
            // The part's audit row, kept with its rows before it is sent: a stop before the answer
            // leaves them to check linked to it, and their check settles it.
            recorded: (auditRowId) =>
              service.exclusive(batch, () =>
                service.commit(batch, { t: 'audit-row', rowIds: rows.map((r) => r.id), auditRowId })
              ),
            answered: journalPart
          }
        )
      } catch (err) {
        // Refused before it was sent (the audit could not record it): no answer was journalled.
        if (!part && notJournalled === undefined) await journalPart({ ok: false, error: AppError.from(err) }, undefined)
      }
      // A console port that does not hand its answer over first (no `answered` call): journalled now.
      if (!part && notJournalled === undefined && records) await journalPart({ ok: true, result: records }, undefined)
      if (notJournalled !== undefined) throw notJournalled
      const { results, error } = part!
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
              ? toCheckHint(result.unknown)
              : (error.hint ?? 'Fix the cause and upload again; imported rows will not be sent again.'),
          // `said` only where main's words are the upload's own (the cause without a code of its own).
          details: {
            ...result,
            // The batch as the stop left it: main may read the lost part back before the tab hears of
            // the stop, and the tab's note of what is left follows from these, not from a later read.
            countsAtStop: model.summary().counts,
            part: c + 1,
            parts: chunks,
            cause: error.message,
            // The cause's own facts: a desk says it in its language inside the sentence (shared/errors-wording.ts).
            ...(error.code !== undefined && { causeError: error.toData() }),
            ...(error.code === undefined && result.unknown === 0 && error.hint === undefined && { said: 'stopped' }),
            // Rows left "to check": the hint is the upload's own, whatever stopped it (shared/errors-wording.ts).
            ...(result.unknown > 0 && { toCheck: true })
          }
        })
        break
      }
    }
    if (result.imported > 0) await recordNumbers(service, batch, cardsAfter)
  } finally {
    service.forgetConsoleCards()
    model.uploadingNow = false
    await service
      .exclusive(batch, () => service.commit(batch, { t: 'upload-end', uploadId, at: new Date().toISOString() }))
      .catch(() => undefined)
    progress(chunks, true)
  }
  if (failure) throw failure
  return result
}

/**
 * One part's answer journalled as its rows' outcome: the console's records (imported, or failed with
 * why), or its error (back to not sent when it was refused whole or never sent, else to check). The
 * part's audit row is kept with it, so a check of rows left to check settles that row, and a restart
 * after the app stopped before the audit said the answer settles it from this line.
 */
async function recordPart(
  service: BatchWrites,
  batch: LoadedBatch,
  uploadId: string,
  rows: BatchRow[],
  answer: WriteAnswer,
  auditRowId: string | undefined,
  cardsAfter: CardsAfterParts,
  options: UploadOptions
): Promise<{ results: RowResult[]; error?: AppError }> {
  let results: RowResult[]
  let error: AppError | undefined
  if (answer.ok) {
    results = mapRecords(rows, answer.result as ImportRecord[])
    if (results.some((r) => r.status === 'imported')) cardsAfter.imported()
    if (results.some((r) => r.status === 'failed')) {
      explainFailures(rows, results, await cardsAfter.afterLastPart().catch(() => undefined))
    }
  } else {
    error = answer.error
    // The one rule (lost-answer.ts): never sent, or refused whole; a server error may be in part done.
    const fate = callFate(error, { partial: true })
    const refusedWhole = fate === 'not-sent' || (fate === 'answered' && REFUSED_WHOLE.has(error.kind))
    // Kept with the rows: the console by its name, not by the address it has now (access/kept-words.ts).
    const consoleName = options.active?.name
    const unknownReason = notAnswered(error)
    const notSentReason = notSent(error, consoleName)
    results = rows.map((row) =>
      refusedWhole
        ? { rowId: row.id, status: row.status === 'failed' ? 'failed' : 'pending', ...notSentReason }
        : { rowId: row.id, status: 'unknown', ...unknownReason }
    )
  }
  const linked = auditRowId ? { auditRowId } : {}
  await service.exclusive(batch, () => service.commit(batch, { t: 'results', uploadId, results, ...linked }))
  return { results, ...(error ? { error } : {}) }
}

/** Match the console's records to the rows by NFC ID (uppercase), falling back to position. */
function mapRecords(rows: BatchRow[], records: ImportRecord[]): RowResult[] {
  const byNfc = new Map<string, ImportRecord>()
  for (const record of records) byNfc.set(record.nfc_id.toUpperCase(), record)
  const positional = records.length === rows.length
  return rows.map((row, i) => {
    const record = byNfc.get(row.nfcId) ?? (positional ? records[i] : undefined)
    if (!record) {
      return { rowId: row.id, status: 'unknown', ...rowReason('notMentioned') }
    }
    if (record.token) return { rowId: row.id, status: 'imported', token: record.token }
    // Stryker disable next-line StringLiteral: equivalent, explainFailures replaces the reason of every failed row
    return { rowId: row.id, status: 'failed', ...rowReason('notImported') }
  })
}

/**
 * The upload's hint when rows are left "to check", agreeing with their count. Main has no locale
 * (the renderer's lib/plural is the screens' helper): English agreement, one row singular.
 */
function toCheckHint(unknown: number): string {
  // The catalogue's English, so the desk's words (the same key in its language) stand in for it exactly.
  return englishErrors.t('UPLOAD_FAILED.toCheck.hint', { unknown })
}
const englishErrors = new Translator('en', errorsEn)

/**
 * Why a row is back to "not sent" (or still failed) after its chunk was refused whole or never went
 * out. The one way a request is cancelled here is the app closing during the upload (BatchService.close
 * aborts it): said in those words, not as the request's "Import … (E16) was cancelled". Any other
 * refusal is the console's own words, kept as they were said (no facts of the upload's own).
 */
function notSent(error: AppError, consoleName: string | undefined): { reason: string; reasonSaid?: RowReason } {
  if (error.kind === 'cancelled') return rowReason('closedBeforeSent')
  // A refusal known by its status (token, permission, version, rate limit) is said in the app's words,
  // which say what to do (wait, fix the token); the console's text beside it ("too many requests") would
  // replace them with a vaguer "fix the cause". Kept as the error's facts: each desk says it in its language.
  if (knownByStatus.has(error.kind)) return errorReason(error, consoleName)
  // Otherwise the console's own words, as given, said as the console's in the desk's language.
  const said = consoleMsgOf(error)
  if (said !== undefined) return rowReason('refusedSaid', { said })
  return errorReason(error, consoleName)
}
const knownByStatus = new Set<AppError['kind']>(['auth', 'permission', 'unsupported', 'rate-limited'])

/** The console's own text of an error (access/errors.ts `consoleMsg`), when it gave one. */
function consoleMsgOf(error: AppError): string | undefined {
  const msg = error.details?.['consoleMsg']
  return typeof msg === 'string' && msg.trim() !== '' ? msg.trim() : undefined
}

/**
 * Why rows are "to check" after a chunk got no usable answer: one sentence for each way an answer is
 * lost (access/lost-answer.ts `lostKind`: no answer in time, the connection cut after sending, a server
 * error answered), with the console's own text when it gave one. The cause's own words are not added:
 * they would say the same thing a second time ("…before the console answered (…before the console
 * answered)"), or say "the answer was lost" of an answer that came.
 */
function notAnswered(error: AppError): { reason: string; reasonSaid: RowReason } {
  if (error.kind === 'cancelled') return rowReason('closedAfterSent')
  const kind = lostKind(error)
  if (kind === 'no-answer') return rowReason('lostNoAnswer')
  if (kind === 'cut') return rowReason('lostCut')
  const said = consoleMsgOf(error)
  return said !== undefined ? rowReason('lostServerErrorSaid', { said }) : rowReason('lostServerError')
}

/**
 * The console's number (display id) of every row imported without one, from its card list as read
 * after the parts (the audit's read when it made one): the import's answer only carries tokens. Best
 * effort: the rows stay imported either way.
 */
async function recordNumbers(service: BatchWrites, batch: LoadedBatch, cardsAfter: CardsAfterParts): Promise<void> {
  let cards: ConsoleCards
  try {
    cards = await cardsAfter.forNumbers()
  } catch {
    return
  }
  await service.exclusive(batch, async () => {
    const numbers: [string, string][] = []
    for (const row of batch.model.rows) {
      // Only an imported row holds a token (a result without one clears it).
      if (!row.token || row.displayId) continue
      const card = cards.token(row.token)
      if (card?.display_id) numbers.push([row.id, card.display_id])
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, an empty numbers entry replays to no change (the check saves a journal line)
    if (numbers.length > 0) await service.commit(batch, { t: 'numbers', numbers })
  })
}

/** An empty token comes without a reason; look at the console's cards for the likely one. */
function explainFailures(rows: BatchRow[], results: RowResult[], cards: ConsoleCards | undefined): void {
  results.forEach((result, i) => {
    if (result.status !== 'failed') return
    const row = rows[i]!
    const known = cards?.byNfcId(row.nfcId)
    const aliasOwner = cards?.byAlias(row.alias)
    if (known) {
      Object.assign(
        result,
        known.alias
          ? rowReason('alreadyOnConsoleAlias', { card: known.display_id, alias: known.alias })
          : rowReason('alreadyOnConsole', { card: known.display_id })
      )
    } else if (aliasOwner) {
      Object.assign(result, rowReason('aliasOnConsole', { alias: row.alias, card: cardName(aliasOwner) }))
    } else {
      Object.assign(result, cards ? withoutReason(cards) : rowReason('cardsUnread'))
    }
  })
}

/** The UA cards a row names by number: a few the person can search Cards for, then how many more. */
const NAMED_UA_CARDS = 5

/**
 * A failure neither an NFC ID nor an alias of the console's cards explains: what is likely and how to
 * check, never only "no reason" (the summary says each row says why). A card enrolled on a UA reader
 * shows its own short number, not its NFC ID, so a typed ID of it cannot be matched here — and Cards
 * cannot find it by that ID either: the row names those cards by their numbers, which Cards' filter finds.
 */
function withoutReason(cards: ConsoleCards): ReturnType<typeof rowReason> {
  const without = cards.withoutNfcId
  if (without === 0) return rowReason('noMatch')
  const named = cards.numbersWithoutNfcId(NAMED_UA_CARDS)
  // Cards with no number at all cannot be named (nor found by Cards' filter): then only how many.
  if (named.length === 0) return rowReason('likelyUaCard', { without })
  return rowReason('likelyUaCardNamed', { without, cards: named.join(', '), more: without - named.length })
}

/** The files a part's rows were read from, each once in the rows' order (none: tapped or typed rows only). */
function filesOf(rows: readonly BatchRow[]): { readBefore?: { files: string[] } } {
  const files = [...new Set(rows.flatMap((r) => (r.file ? [r.file] : [])))]
  return files.length > 0 ? { readBefore: { files } } : {}
}
