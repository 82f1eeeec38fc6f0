import type { AuditRow } from '../../../shared/audit/schemas'

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

/** The rows as RFC 4180 CSV (CRLF, a header line), with a BOM so spreadsheets read it as UTF-8. */
export function auditCsv(rows: readonly AuditRow[]): string {
  let text = '\ufeff' + HEADER.join(',') + '\r\n'
  for (const r of rows) {
    text +=
      [
        r.at,
        r.console.name,
        r.console.url,
        r.desk.user,
        r.desk.host,
        r.action,
        `${r.endpoint.id} ${r.endpoint.title}`,
        r.target.kind,
        r.target.id,
        r.target.name,
        r.detail,
        r.outcome,
        r.code,
        r.message,
        r.endedAt
      ]
        .map(csvCell)
        .join(',') + '\r\n'
  }
  return text
}
