import { endpoints } from '../../../shared/access/endpoints'
import type { AuditFilter, AuditRow } from '../../../shared/audit/schemas'
import type { RosterStep } from '../../../shared/roster/run'
import type { PersonRef } from '../../../shared/roster/sheet'
import type { EndInput } from '../audit/audit-log'
import type { ReadBackFinding } from '../audit/settle-write'

/**
 * What the roster needs of the audit trail (AuditService gives it): its rows, and the settling of a row
 * still To check — by a read-back (`settleRow`: Done or Not done, said as read back) or by an end line
 * of its own (`log.settleUnknown`). Both leave a row answered or settled already alone.
 */
export interface RosterAudit {
  log: {
    page(filter: AuditFilter, offset: number, limit: number): Promise<{ items: AuditRow[] }>
    settleUnknown(id: string, end: EndInput): Promise<boolean>
  }
  settleRow(rowId: string, finding: ReadBackFinding): Promise<void>
}

/** The write each step sends, by the person's kind (a card import names no person: its card does). */
const stepEndpoints: Record<RosterStep, string[]> = {
  'card-import': [endpoints.E16.id],
  'card-assign': [endpoints.userAssignNfc.id, endpoints.visitorAssignNfc.id],
  pin: [endpoints.userAssignPin.id, endpoints.visitorAssignPin.id],
  pass: [endpoints.userAssignTouchPass.id]
}

/** One try of a step: its person, when its `sending` line was written, and the card an import sent. */
export interface StepTry {
  step: RosterStep
  person: PersonRef
  sentAt: string
  nfcId?: string | undefined
}

function isRowOf(row: AuditRow, sent: StepTry): boolean {
  if (!stepEndpoints[sent.step].includes(row.endpoint.id)) return false
  if (sent.step === 'card-import')
    return !!sent.nfcId && !!row.importedCards?.some((c) => c.nfcId.toUpperCase() === sent.nfcId!.toUpperCase())
  return row.target.id === sent.person.id
}

/**
 * The Audit row of one try: the first row of its write for its person (its card, for an import) begun
 * at or after the try's `sending` line, which is written before the request leaves (the audit's begin
 * follows it), and before `until` (the next try's). The roster keeps no audit id: the two journals are
 * linked by time and target, which survives a restart of either.
 */
export async function auditRowOfTry(
  audit: RosterAudit,
  sent: StepTry,
  outcome: AuditRow['outcome'],
  until?: string
): Promise<AuditRow | undefined> {
  const filter: AuditFilter = { from: sent.sentAt, outcome, ...(until ? { to: until } : {}) }
  const { items } = await audit.log.page(filter, 0, Infinity)
  // Newest first: the try's row is the oldest that is its.
  return items.filter((row) => isRowOf(row, sent)).at(-1)
}

/**
 * The one rule that settles the Audit row a step's lost answer left To check, for every step kind,
 * when the roster settles the step:
 * - the check read the console back (`found`): Done when it holds the step's effect, Not done when not,
 *   said as read back, as every other read-back says it;
 * - a retry replaced the try (`replacedBy`: a PIN, which cannot be read back, given again): the try's
 *   row is Not done as far as the console now shows — what it holds is the retry's — said "Replaced by
 *   the retry" and linked to the retry's row by its id.
 * Never throws: the roster's own outcome stands whatever becomes of the audit's line.
 */
export async function settleEarlierTry(
  audit: RosterAudit | undefined,
  sent: StepTry | undefined,
  settled: { found: boolean } | { replacedBy: StepTry }
): Promise<void> {
  if (!audit || !sent) return
  try {
    if ('found' in settled) {
      const row = await auditRowOfTry(audit, sent, 'unknown')
      if (row) await audit.settleRow(row.id, { done: settled.found })
      return
    }
    const retry = await auditRowOfTry(audit, settled.replacedBy, 'ok')
    const row = await auditRowOfTry(audit, sent, 'unknown', settled.replacedBy.sentAt)
    if (!row) return
    await audit.log.settleUnknown(row.id, {
      outcome: 'notDone',
      said: { key: 'replaced', ...(retry ? { by: retry.id } : {}) }
    })
  } catch {
    // The audit journal unreadable or full: the row stays To check, as the disk knows it.
  }
}
