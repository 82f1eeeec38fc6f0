import type { HandoutPerson, RowOutcome } from '../../../shared/roster/run'
import type { PlanRow } from '../../../shared/roster/sheet'
import { csvCell, csvHeader } from '../audit/audit-csv'
import { exportWords } from '../../../shared/i18n/file-words'
import type { AreaKeys } from '../../../shared/i18n/areas'
import type { Language } from '../../../shared/i18n/locales'
import { resultState } from '../../../shared/roster/result-standing'
import type { RosterModel } from './roster-model'
import { personName } from './roster-steps'

/**
 * The columns as the catalogue names them (messages/exports), in the desk's language. Read back as a
 * roster, its headers are guessed (shared/roster/header-words.ts: person, email, PIN, Touch Pass) and
 * its yes/no cells read (yes-no-words.ts), whichever of the four languages wrote it.
 */
const HEADER: readonly AreaKeys['exports'][] = [
  'roster.line',
  'roster.person',
  'roster.type',
  'roster.email',
  'roster.cardDisplayId',
  'roster.pin',
  'roster.touchPass',
  'roster.state',
  'roster.reason'
]

/** The reason a row shows: its fix when it is to check, else the first failed or skipped step's reason. */
function reasonOf(row: PlanRow, outcome: RowOutcome): string {
  if (outcome.fix) return outcome.fix
  if (row.match.state === 'ambiguous' || row.match.state === 'missing') return row.match.reason
  if (row.match.state === 'skipped') return 'Left out by the user.'
  const step =
    outcome.steps.find((s) => s.state === 'failed') ??
    outcome.steps.find((s) => s.state === 'unknown') ??
    outcome.steps.find((s) => s.state === 'skipped' && s.reason)
  return step?.reason ?? ''
}

/**
 * The results as CSV, one line per roster row (RFC 4180, CRLF, a BOM so spreadsheets read UTF-8; cells
 * escaped like the audit export, formula-looking names included). A PIN is never in it: only whether one
 * was given.
 */
export function resultsCsv(
  model: RosterModel,
  /** The desk's language: the header's and the yes/no cells' (none: English). */
  language?: Language
): { filename: string; text: string; rows: number } {
  const words = exportWords(language)
  const yesNo = (given: boolean | undefined) => words.t(given ? 'roster.yes' : 'roster.no')
  let text = '\ufeff' + csvHeader(HEADER, language) + '\r\n'
  const rows = model.planRows()
  for (const row of rows) {
    const outcome = model.outcome(row)
    const person = row.match.state === 'matched' ? row.match.person : undefined
    text +=
      [
        String(row.line),
        personName(row),
        person?.type ?? '',
        person?.email ?? '',
        outcome.cardDisplayId ?? '',
        yesNo(outcome.pinAssigned),
        yesNo(outcome.passAssigned),
        // A row done with a part skipped says so ("done, card skipped"), as the results' chips and rows do.
        resultState(outcome),
        reasonOf(row, outcome)
      ]
        .map(csvCell)
        .join(',') + '\r\n'
  }
  const base = model.meta.fileName.replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N}._-]+/gu, '-') || 'roster'
  return { filename: `${base}-results.csv`, text, rows: rows.length }
}

/**
 * The people of the hand-out sheet: each person who was given something, with their card numbers and
 * whether they got a Touch Pass. With `pinSlips`, each PIN generated in this app session (memory only):
 * PINs given by an earlier session are gone, and `pinsForgotten` says so.
 */
export function handoutPeople(
  model: RosterModel,
  pins: ReadonlyMap<string, string>,
  pinSlips: boolean
): { people: HandoutPerson[]; pinsForgotten: boolean } {
  const people: HandoutPerson[] = []
  let pinsForgotten = false
  for (const row of model.planRows()) {
    const outcome = model.outcome(row)
    if (!outcome.cardDisplayId && !outcome.pinAssigned && !outcome.passAssigned) continue
    const person: HandoutPerson = {
      rowId: row.rowId,
      name: personName(row),
      cardDisplayIds: outcome.cardDisplayId ? [outcome.cardDisplayId] : [],
      touchPass: outcome.passAssigned
    }
    if (outcome.pinAssigned) {
      const pin = pins.get(row.rowId)
      if (!pin) pinsForgotten = true
      else if (pinSlips) person.pin = pin
    }
    people.push(person)
  }
  return { people, pinsForgotten }
}
