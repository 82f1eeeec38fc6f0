import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { AuditPage, AuditRow } from '../../../src/shared/audit/schemas'
import { scriptedBridge } from '../../support/fake-bridge'

const console = { name: 'Demo console', url: 'https://127.0.0.1:12445' }
const row = (id: string, desk: AuditRow['desk']): AuditRow => ({
  id,
  at: '2026-01-12T13:00:00.000Z',
  console,
  desk,
  action: 'badge print',
  endpoint: { id: 'badge', title: 'Print badge' },
  target: { kind: 'visitor', id: 'v1', name: 'Rawiri Tomoana (Fabrikam)' },
  outcome: 'ok'
})

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

function auditOf(rows: AuditRow[]) {
  const page: AuditPage = {
    items: rows,
    total: rows.length,
    all: rows.length,
    consoles: [{ ...console, key: console.url }],
    retentionDays: 365
  }
  const { bridge } = scriptedBridge({ 'audit.list': () => ({ ok: true, result: page }) })
  setApiForTests(bridge)
  render(AuditScreen)
}

/** What the self check-in kiosk did is named as the kiosk of its computer, not as the OS user it runs under. */
describe('the Audit screen names who did it', () => {
  it('a kiosk row as the kiosk on its computer, a desk row as the desk on its computer with its user (one way of saying who)', async () => {
    auditOf([row('r-1', { user: 'kiosk', host: 'lobby-pc', kiosk: true }), row('r-2', { user: 'ana', host: 'desk-7' })])
    const table = await screen.findByTestId('audit-table')
    const desks = within(table)
      .getAllByTestId('audit-desk')
      .map((cell) => cell.textContent!.trim())
    expect(desks).toEqual(['Kiosk on lobby-pc', 'Desk on desk-7 (ana)'])
  })

  it('in the desk’s language', async () => {
    deskLanguage.choose('de')
    auditOf([row('r-1', { user: 'kiosk', host: 'lobby-pc', kiosk: true }), row('r-2', { user: 'root', host: 'vm' })])
    const desks = async () => (await screen.findAllByTestId('audit-desk')).map((cell) => cell.textContent!.trim())
    await expect.poll(desks, { timeout: 10_000 }).toEqual(['Kiosk an lobby-pc', 'Empfang an vm (root)'])
  })
})
