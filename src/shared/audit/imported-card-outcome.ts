import type { AuditImportedCard, AuditOutcome, AuditRow } from './schemas'

/**
 * What became of one card an import row sent: the row's own outcome (Done, Not done, to check), except
 * for a row done in part, read back (Import's check: "2 of 3 found"), where a card among those not
 * found (the read-back fact's `missing`) was not done (Not done, never Refused: the console refused nothing) and the others were. The one rule for a card's
 * line in the audit CSV, by the same read-back the row's outcome is from.
 */
export function importedCardOutcome(row: Pick<AuditRow, 'outcome' | 'facts'>, card: AuditImportedCard): AuditOutcome {
  if (row.outcome !== 'ok') return row.outcome
  const found = row.facts?.findLast((f) => f.kind === 'readBackFound')
  if (found?.kind !== 'readBackFound' || !found.missing) return row.outcome
  const id = card.nfcId.toUpperCase()
  return found.missing.some((m) => m.toUpperCase() === id) ? 'notDone' : 'ok'
}
