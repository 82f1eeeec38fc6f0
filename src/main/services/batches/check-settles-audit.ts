import type { ReadBackFinding } from '../audit/settle-write'
import { foundFinding } from '../audit/read-back-findings'
import type { JournalEntry } from './journal-entries'

/*
 * "Check with the console" settles the audit row of each upload request whose answer was lost: the
 * batch journal keeps, with the rows such a request left "to check", that request's audit row id
 * (`auditRowId` of a `results` line, or an `audit-row` line written before the request went out, for
 * a stop of the app before its answer), and the check says how many of them the console holds.
 */
/** Keeps `links` (row → audit row of the request that left it to check) as a journal line changes the rows. */
export function linkAuditRows(links: Map<string, string>, entry: JournalEntry): void {
  // Sent on that audit row's request: left unanswered (a stop of the app), its check settles the row.
  if (entry.t === 'audit-row') for (const rowId of entry.rowIds) links.set(rowId, entry.auditRowId)
  if (entry.t !== 'results') return
  for (const r of entry.results) {
    if (entry.auditRowId && r.status === 'unknown') links.set(r.rowId, entry.auditRowId)
    else links.delete(r.rowId)
  }
}

/**
 * The links still open, as journal lines for a compacted journal (after its snapshot): without them a
 * compaction would leave the rows to check with no audit row for their check to settle. Rows no longer in
 * the batch are dropped.
 */
export function linkLines(links: ReadonlyMap<string, string>, rowIds: ReadonlySet<string>): JournalEntry[] {
  const byAuditRow = new Map<string, string[]>()
  for (const [rowId, auditRowId] of links) {
    if (!rowIds.has(rowId)) continue
    byAuditRow.set(auditRowId, [...(byAuditRow.get(auditRowId) ?? []), rowId])
  }
  return [...byAuditRow].map(([auditRowId, ids]) => ({ t: 'audit-row', rowIds: ids, auditRowId }))
}

/**
 * What a check found of each upload request whose answer was lost, by its audit row: every row it
 * sent on the console (Done), none (Not done), or some ("2 of 3 found"), by the one rule of an
 * import's read-back (audit/read-back-findings.ts foundFinding), whatever left the request "to check".
 */
export function checkedRequests(
  links: Map<string, string>,
  results: Extract<JournalEntry, { t: 'results' }>['results'],
  /** A batch row's NFC ID as the upload sent it: the cards not found are named by it. */
  nfcIdOf: (rowId: string) => string | undefined = () => undefined
): Map<string, ReadBackFinding> {
  const tally = new Map<string, { found: number; sent: number; missing: string[]; numbers: [string, string][] }>()
  for (const r of results) {
    const auditRow = links.get(r.rowId)
    if (!auditRow) continue
    const t = tally.get(auditRow) ?? { found: 0, sent: 0, missing: [], numbers: [] }
    t.sent++
    if (r.status === 'imported') {
      t.found++
      // The number the check found it by, as Import shows it ("as card …"): the audit line names it so.
      const nfcId = nfcIdOf(r.rowId)
      if (nfcId && r.displayId) t.numbers.push([nfcId, r.displayId])
    } else {
      const nfcId = nfcIdOf(r.rowId)
      if (nfcId) t.missing.push(nfcId)
    }
    tally.set(auditRow, t)
  }
  return new Map(
    [...tally].map(([auditRow, { found, sent, missing, numbers }]) => [
      auditRow,
      foundFinding(found, sent, missing, numbers)
    ])
  )
}

/**
 * The audit rows of the parts of an upload the app stopped in whose answer the batch journal holds:
 * a part's rows are journalled before its audit row says the answer (upload.ts), so a stop between the
 * two leaves that row Unknown ("the app stopped") while the batch knows. Settled from the rows' outcome
 * (the audit settles only a row still Unknown), the Audit then says what Import says.
 */
export function answeredParts(
  entries: readonly JournalEntry[],
  nfcIdOf: (rowId: string) => string | undefined
): Map<string, ReadBackFinding> {
  const lastStart = entries.findLastIndex((entry) => entry.t === 'upload-start')
  const links = new Map<string, string>()
  const results: Extract<JournalEntry, { t: 'results' }>['results'] = []
  for (const entry of entries.slice(lastStart + 1)) {
    if (entry.t !== 'results' || !entry.auditRowId) continue
    // A part left to check is the check's to settle (by what the console holds), not the journal's.
    if (entry.results.some((r) => r.status === 'unknown')) continue
    for (const r of entry.results) links.set(r.rowId, entry.auditRowId)
    results.push(...entry.results)
  }
  return checkedRequests(links, results, nfcIdOf)
}
