import type { ForgottenPin, HandoutPerson } from '../../../shared/roster/run'
import { consolePeopleApart } from '../../../shared/roster/row-people'
import { csvCell, csvHeader } from '../audit/audit-csv'
import { exportWords } from '../../../shared/i18n/file-words'
import { fileNamed, safeFileName } from '../../../shared/text/file-name'
import type { AreaKeys } from '../../../shared/i18n/areas'
import type { Language } from '../../../shared/i18n/locales'
import { skippedParts } from '../../../shared/roster/result-standing'
import type { RowOutcome } from '../../../shared/roster/run'
import type { PlanRow } from '../../../shared/roster/sheet'
import { resultReason } from '../../../shared/roster/result-reason'
import type { RosterModel } from './roster-model'
import { personName } from './roster-steps'
import { sayReasonIn } from './roster-said-words'

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
  'roster.nfcId',
  'roster.cardDisplayId',
  'roster.pin',
  'roster.touchPass',
  'roster.state',
  'roster.reason'
]

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
  const fileRows = new Map(model.lines.map((line, i) => [line, model.rows[i] ?? []]))
  const emailColumn = model.mapping.email
  for (const row of rows) {
    const outcome = model.outcome(row)
    const person = row.match.state === 'matched' ? row.match.person : undefined
    // A row left out keeps what the plan had of it: whom its keys found before it was left out, else
    // the file's email and the type its candidates all share.
    const was = row.match.state === 'skipped' ? row.match.was : undefined
    const fileEmail = emailColumn == null ? '' : (fileRows.get(row.line)?.[emailColumn] ?? '').trim()
    const type = person?.type ?? was?.type ?? sharedType(row)
    text +=
      [
        String(row.line),
        personCell(row, words),
        type ? words.t(`roster.personType.${type}`) : '',
        person?.email || was?.email || fileEmail,
        // The NFC ID as the screens name the card (card-words.ts): the file's, or the one tapped on the line.
        nfcIdOf(row, model) ?? '',
        outcome.cardDisplayId ?? '',
        yesNo(outcome.pinAssigned),
        yesNo(outcome.passAssigned),
        // A row done with a part skipped says so ("done, card skipped"), as the results' chips and rows do.
        stateWords(outcome, words),
        // The reason in the desk's language from the facts main keeps (English only for a reason kept without them).
        resultReason(row, outcome, words.t('roster.leftAtDesk'), sayReasonIn(language))
      ]
        .map(csvCell)
        .join(',') + '\r\n'
  }
  const base = safeFileName(model.meta.fileName.replace(/\.[^.]+$/, ''), words.t('file.roster'))
  return { filename: fileNamed(words.t('file.results', { base }), 'csv'), text, rows: rows.length }
}

/** The type every candidate of an unsettled row shares (two users named Ada Ng: user); none when they differ. */
function sharedType(row: PlanRow): 'user' | 'visitor' | undefined {
  if (row.match.state !== 'ambiguous') return undefined
  const types = new Set(row.match.candidates.map((c) => c.type))
  return types.size === 1 ? [...types][0] : undefined
}

/** The card's NFC ID as the plan and the results name it: the file's, else the one the line's USB reader imported. */
function nfcIdOf(row: PlanRow, model: RosterModel): string | undefined {
  const card = row.card
  if (card.kind === 'existing' || card.kind === 'import' || card.kind === 'batch') return card.nfcId
  return model.steps.get(row.rowId)?.get('card-import')?.detail.nfcId
}

/**
 * The Person cell: the person as the plan read them; a row naming nobody (no name, email or number) as
 * the screens say it, in the export's language ("(no name) — line 7"), never main's English "Line 7".
 */
function personCell(row: PlanRow, words: ReturnType<typeof exportWords>): string {
  const named = row.match.state === 'matched' && row.match.person.name
  if (!named && row.unnamed) return words.t('roster.noNameLine', { line: row.line })
  return personName(row)
}

/** The part names of result-standing.ts's skippedParts, as the export's catalogue keys them. */
const partKey = { card: 'roster.part.card', PIN: 'roster.part.pin', 'Touch Pass': 'roster.part.pass' } as const

/**
 * A row's state in the export's language, by the one rule of shared/roster/result-standing.ts
 * (skippedParts): in English exactly its `resultState` ("done, card skipped").
 */
function stateWords(outcome: RowOutcome, words: ReturnType<typeof exportWords>): string {
  const parts = skippedParts(outcome)
  if (!parts.length) return words.t(`roster.outcome.${outcome.state}`)
  const named = parts.map((part) => words.t(partKey[part as keyof typeof partKey]))
  return words.t('roster.doneSkipped', { parts: named.join(words.t('roster.partsAnd')) })
}

/**
 * Whose PIN from this roster main still holds (`known`: generated in this app session, in memory only)
 * and whose it no longer does (`forgotten`: given before the app restarted; no PIN is ever kept on disk),
 * by row id. The results say so beside Print PIN slips before anything is printed; the slips print the
 * known ones only.
 */
export function pinsKnown(
  model: RosterModel,
  pins: ReadonlyMap<string, string>
): { known: string[]; forgotten: string[] } {
  const known: string[] = []
  const forgotten: string[] = []
  // By the one rule of shared/roster/pin-standing.ts, as the rows and the slips' dialog say it.
  model.pinDigits = pins
  for (const row of model.planRows()) {
    const pin = model.outcome(row).pin
    if (pin === 'known') known.push(row.rowId)
    else if (pin === 'digits-lost') forgotten.push(row.rowId)
  }
  return { known, forgotten }
}

/**
 * The people of the hand-out sheet: each person who was given something, with their card numbers and
 * whether they got a Touch Pass. With `pinSlips`, each PIN generated in this app session (memory only):
 * PINs given by an earlier session are gone, and `pinsForgotten` says whose, each told from a namesake as
 * the PINs screen's picker tells them (shared/roster/row-people.ts), where they are given a new one.
 */
export function handoutPeople(
  model: RosterModel,
  pins: ReadonlyMap<string, string>,
  pinSlips: boolean
): { people: HandoutPerson[]; pinsForgotten: ForgottenPin[] } {
  const people: HandoutPerson[] = []
  /** Who was given a PIN that this run of the app no longer holds (given before it restarted): named, never lost unseen. */
  const pinsForgotten: ForgottenPin[] = []
  const forgotten = new Set(pinsKnown(model, pins).forgotten)
  const rows = model.planRows()
  const apart = new Map(consolePeopleApart(rows, rows.map(personName)).map((a, i) => [rows[i]!.rowId, a]))
  for (const row of rows) {
    const outcome = model.outcome(row)
    if (!outcome.cardDisplayId && !outcome.pinAssigned && !outcome.passAssigned) continue
    const person: HandoutPerson = {
      rowId: row.rowId,
      name: personName(row),
      cardDisplayIds: outcome.cardDisplayId ? [outcome.cardDisplayId] : [],
      touchPass: outcome.passAssigned
    }
    if (forgotten.has(row.rowId))
      pinsForgotten.push({ rowId: row.rowId, line: row.line, name: person.name, apart: apart.get(row.rowId) ?? null })
    else if (outcome.pinAssigned && pinSlips) person.pin = pins.get(row.rowId)
    people.push(person)
  }
  return { people, pinsForgotten }
}
