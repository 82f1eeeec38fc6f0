import type { AuditRow } from '../../../shared/audit/schemas'
import { isoInZone } from './iso-in-zone'
import { exportWords } from '../../../shared/i18n/file-words'
import type { AreaKeys } from '../../../shared/i18n/areas'
import type { Language } from '../../../shared/i18n/locales'
import { detailWordsIn } from './detail-in-language'
import {
  cardNumberWords,
  codeWords,
  detailCellWords,
  endpointWords,
  messageWords,
  ownerWords,
  passNameWords,
  shownText,
  type RowWords
} from '../../../shared/audit/row-words'
import { importedCardOutcome } from '../../../shared/audit/imported-card-outcome'
import type { AuditImportedCard } from '../../../shared/audit/schemas'
import { rowSubjects } from '../../../shared/audit/row-subjects'

/** The columns, in order, as the catalogue names them (messages/exports): the header is in the desk's language. */
const HEADER: readonly AreaKeys['exports'][] = [
  'audit.time',
  'audit.console',
  'audit.consoleAddress',
  'audit.deskUser',
  'audit.deskComputer',
  'audit.action',
  'audit.endpoint',
  'audit.target',
  'audit.targetId',
  'audit.targetName',
  'audit.cardNumber',
  'audit.cardAlias',
  'audit.nfcId',
  'audit.cardOwner',
  'audit.touchPassCardId',
  'audit.touchPassName',
  'audit.touchPassHolder',
  'audit.visitFrom',
  'audit.visitUntil',
  'audit.detail',
  'audit.outcome',
  'audit.outcomeCode',
  'audit.code',
  'audit.message',
  'audit.answeredAt'
]

/** A CSV header line of catalogue keys, in a language (cells escaped as any other). */
export function csvHeader(keys: readonly AreaKeys['exports'][], language?: Language): string {
  const words = exportWords(language)
  return keys.map((key) => csvCell(words.t(key))).join(',')
}

/**
 * A cell as CSV: quoted when it holds a comma, quote or line break; a leading `=`, `+`, `-`, `@`
 * (or tab/CR) is prefixed with `'` so a spreadsheet shows a name like `=cmd|…` as text instead of
 * running it (CSV injection).
 */
export function csvCell(value: string | undefined): string {
  let v = value ?? ''
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v
}

/**
 * The target's name: the record's own, or a card or a Touch Pass, which a request names by its token or
 * id only, as the Audit screen names it in the desk's language: "Karte 100013 (Mateo desk)", "Touch Pass
 * 057B-D703-… (Lobby)". An import's line names its own card once the console holds it by a number
 * (`card`), as Import does.
 */
function targetName(
  r: AuditRow,
  card: { number?: string | undefined; alias?: string | undefined } | undefined,
  touchPass: AuditRow['touchPass'],
  w: RowWords
): string | undefined {
  if (r.target.name) return r.target.name
  if (r.target.kind === 'NFC card' && card?.number)
    return cardNumberWords({ number: card.number, alias: card.alias }, w)
  if (r.target.kind === 'Touch Pass' && touchPass) return passNameWords(touchPass, w)
  return undefined
}

/** A line's outcome: the row's, or for an import the card's own (imported-card-outcome). */
const outcome = (r: AuditRow, card: object | undefined) =>
  card && r.importedCards ? importedCardOutcome(r, card as AuditImportedCard) : r.outcome

/**
 * The rows as RFC 4180 CSV (CRLF, a header line), with a BOM so spreadsheets read it as UTF-8. Times
 * are ISO 8601 in the desk's zone with its offset (`2026-11-28T09:04:19+01:00`), as the screen shows
 * them in that zone; names as the screens write them (a card's owner "Ada Ng (user)", as on Cards), the
 * card, pass and owner by the screen's own reading of the row (shared/audit/row-subjects.ts: a card given
 * names the person given it; the one it was taken from, if another held it, is in the detail: "taken over from …").
 * Every cell is in `language` (the desk's; none: English), worded as the Audit screen words the same
 * row (shared/audit/row-words.ts, one wording): the header, the action, the call's title, the target's
 * kind and name, the owner's kind, the detail, the outcome, a code in words ("answer lost (connection
 * reset)"; a console's own code as it wrote it) and the outcome's sentence (a failed write's error as
 * the screen words it; the console's own words labelled as its). Names and ids are the records' own;
 * the "outcome code" column keeps the outcome's code (ok, notDone, refused… as the filter takes them),
 * the same whatever the language, for a spreadsheet's filter or a script. The facts' names (card, pass,
 * visit) have their own columns; an
 * import is a line per card it sent (its NFC ID and alias in the card's columns, and its number once the
 * console holds it — read after the answer, or by a read-back — in the number and target name, the rest
 * repeated), its outcome that card's own: an import read back done in part says which cards were not done.
 */
export function auditCsv(rows: readonly AuditRow[], timeZone?: string, language?: Language): string {
  return auditCsvLines(rows, timeZone, language).text
}

/**
 * The CSV and how many data lines it holds: an import's row is a line per card it sent, so the file
 * holds more lines than the journal rows it was made from. Audit → Export CSV says this count ("5,012
 * rows saved"), the rows a spreadsheet opens, never the journal's.
 */
export function auditCsvLines(
  rows: readonly AuditRow[],
  timeZone?: string,
  language?: Language
): { text: string; lines: number } {
  let lines = 0
  const time = (iso: string | undefined) => (iso ? isoInZone(new Date(iso), timeZone) : undefined)
  const unix = (seconds: number | undefined) =>
    seconds === undefined ? undefined : isoInZone(seconds * 1000, timeZone)
  const w = detailWordsIn(language)
  let text = '\ufeff' + csvHeader(HEADER, language) + '\r\n'
  for (const r of rows) {
    const subjects = rowSubjects(r)
    const owner = subjects.card?.owner
    const pass = subjects.touchPass
    const detail = shownText(detailCellWords(r, w))
    const message = shownText(messageWords(r, w))
    // An import's row is one line per card it sent, each in the card's own columns: a spreadsheet's
    // filter on the NFC ID or alias column finds the import of that card, as it finds its assignment.
    // Each card's outcome is its own where a read-back found the import done in part (imported-card-outcome).
    for (const card of r.importedCards ?? [subjects.card]) {
      lines++
      text +=
        [
          time(r.at),
          w.consoleName(r.console.name),
          r.console.url,
          r.desk.user,
          r.desk.host,
          w.audit.t(`action.${r.action}`),
          endpointWords(r.endpoint, w),
          w.audit.t(`target.${r.target.kind}`),
          r.target.id,
          targetName(r, card, pass, w),
          card?.number,
          card?.alias,
          card?.nfcId,
          owner ? ownerWords(owner, w) : undefined,
          pass?.cardId,
          pass?.name,
          pass?.holder,
          unix(r.visit?.start),
          unix(r.visit?.end),
          detail || undefined,
          w.audit.t(`outcome.${outcome(r, card)}`),
          outcome(r, card),
          r.code ? codeWords(r.code, w) : undefined,
          message || undefined,
          time(r.endedAt)
        ]
          .map(csvCell)
          .join(',') + '\r\n'
    }
  }
  return { text, lines }
}
