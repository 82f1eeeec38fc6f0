import type { ReadBackFinding } from '../audit/settle-write'
import { foundFinding } from '../audit/read-back-findings'
import type { JournalEntry } from './journal-entries'

/*
 * "Check with the console" settles the audit row of each upload request whose answer was lost: the
 * batch journal keeps, with the rows such a request left "to check", that request's audit row id
 * (`auditRowId` of a `results` line), and the check says how many of them the console holds.
 */
/** Keeps `links` (row → audit row of the request that left it to check) as a journal line changes the rows. */
export function linkAuditRows(links: Map<string, string>, entry: JournalEntry): void {
  if (entry.t !== 'results') return
  for (const r of entry.results) {
    if (entry.auditRowId && r.status === 'unknown') links.set(r.rowId, entry.auditRowId)
    else links.delete(r.rowId)
  }
}

/**
 * What a check found of each upload request whose answer was lost, by its audit row: every row it
 * sent on the console (Done), none (Not done), or some ("2 of 3 found"), by the one rule of an
 * import's read-back (audit/read-back-findings.ts foundFinding), whatever left the request "to check".
 */
export function checkedRequests(
  links: Map<string, string>,
  results: Extract<JournalEntry, { t: 'results' }>['results']
): Map<string, ReadBackFinding> {
  const tally = new Map<string, { found: number; sent: number }>()
  for (const r of results) {
    const auditRow = links.get(r.rowId)
    if (!auditRow) continue
    const t = tally.get(auditRow) ?? { found: 0, sent: 0 }
    t.sent++
    if (r.status === 'imported') t.found++
    tally.set(auditRow, t)
  }
  return new Map([...tally].map(([auditRow, { found, sent }]) => [auditRow, foundFinding(found, sent)]))
}
