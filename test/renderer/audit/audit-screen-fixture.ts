import { render } from '@testing-library/svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { AuditPage, AuditRow } from '../../../src/shared/audit/schemas'
import { scriptedBridge } from '../../support/fake-bridge'

export const demoConsole = { name: 'Demo console', url: 'https://127.0.0.1:12445' }

/** A row as main lists it: a visitor created at a desk, unless `fields` say otherwise. */
export const auditRow = (id: string, fields: Partial<AuditRow> = {}): AuditRow => ({
  id,
  at: '2026-01-12T13:00:00.000Z',
  console: demoConsole,
  desk: { user: 'ana', host: 'desk-7' },
  action: 'create',
  endpoint: { id: 'E17', title: 'Create visitor' },
  target: { kind: 'visitor', id: `v-${id}`, name: 'Ana Ruiz' },
  outcome: 'ok',
  ...fields
})

/** The Audit screen over a main that lists these rows, whatever the filter; the calls it got. */
export function renderAudit(rows: AuditRow[]) {
  const page: AuditPage = {
    items: rows,
    total: rows.length,
    all: rows.length,
    consoles: [{ ...demoConsole, key: demoConsole.url }],
    retentionDays: 365
  }
  const { bridge, calls } = scriptedBridge({ 'audit.list': () => ({ ok: true, result: page }) })
  setApiForTests(bridge)
  render(AuditScreen)
  return { calls }
}
