import { auditActions } from '../../src/shared/audit/schemas'

/** The consoles the benches' journals name: every other row on each. */
export const benchConsoles = [
  { name: 'HQ', url: 'https://10.0.0.2:12445' },
  { name: 'Warehouse', url: 'https://10.0.1.2:12445' }
]

/**
 * An audit journal as the app writes it (a begin and an end line per row, every 50th refused), its
 * rows `stepMs` apart, the last one `stepMs` before `now`: the one set-up of the audit benches
 * (audit-journal opens it in main, audit-open on the screen).
 */
export function auditJournalText(rows: number, stepMs: number, now = Date.now()): string {
  const lines: string[] = []
  for (let i = 0; i < rows; i++) {
    const at = new Date(now - (rows - i) * stepMs).toISOString()
    const id = `row-${i}`
    lines.push(
      JSON.stringify({
        t: 'begin',
        id,
        at,
        console: benchConsoles[i % 2],
        desk: { user: 'desk', host: 'reception-1' },
        action: auditActions[i % auditActions.length],
        endpoint: { id: 'E17', title: 'Create visitor' },
        target: { kind: 'visitor', id: `v-${i}`, name: `Visitor ${i}` },
        detail: `visit ${at.slice(0, 16)}`
      }),
      JSON.stringify({ t: 'end', id, at, outcome: i % 50 === 0 ? 'refused' : 'ok' })
    )
  }
  return lines.join('\n') + '\n'
}
