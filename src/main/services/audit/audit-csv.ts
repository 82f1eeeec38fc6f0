import type { AuditRow } from '../../../shared/audit/schemas'
import { isoInZone } from './iso-in-zone'

const HEADER = [
  'time',
  'console',
  'console address',
  'desk user',
  'desk computer',
  'action',
  'endpoint',
  'target',
  'target id',
  'target name',
  'card number',
  'NFC ID',
  'card owner',
  'Touch Pass card id',
  'Touch Pass holder',
  'visit from',
  'visit until',
  'detail',
  'outcome',
  'code',
  'message',
  'answered at'
]

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
 * The rows as RFC 4180 CSV (CRLF, a header line), with a BOM so spreadsheets read it as UTF-8. Times
 * are ISO 8601 in the desk's zone with its offset (`2026-11-28T09:04:19+01:00`), as the screen shows
 * them in that zone; names as the screens write them (a card's owner "Ada Ng (user)", as on Cards).
 */
export function auditCsv(rows: readonly AuditRow[], timeZone?: string): string {
  const time = (iso: string | undefined) => (iso ? isoInZone(new Date(iso), timeZone) : undefined)
  const unix = (seconds: number | undefined) =>
    seconds === undefined ? undefined : isoInZone(seconds * 1000, timeZone)
  let text = '\ufeff' + HEADER.join(',') + '\r\n'
  for (const r of rows) {
    const owner = r.card?.owner
    text +=
      [
        time(r.at),
        r.console.name,
        r.console.url,
        r.desk.user,
        r.desk.host,
        r.action,
        `${r.endpoint.id} ${r.endpoint.title}`,
        r.target.kind,
        r.target.id,
        r.target.name,
        r.card?.number,
        r.card?.nfcId,
        owner ? `${owner.name} (${owner.kind})` : undefined,
        r.touchPass?.cardId,
        r.touchPass?.holder,
        unix(r.visit?.start),
        unix(r.visit?.end),
        r.detail,
        r.outcome,
        r.code,
        r.message,
        time(r.endedAt)
      ]
        .map(csvCell)
        .join(',') + '\r\n'
  }
  return text
}
