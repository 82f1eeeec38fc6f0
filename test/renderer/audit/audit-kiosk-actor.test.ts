import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, within } from '@testing-library/svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import { auditRow, renderAudit } from './audit-screen-fixture'

const row = (id: string, desk: AuditRow['desk']): AuditRow =>
  auditRow(id, {
    desk,
    action: 'badge print',
    endpoint: { id: 'badge', title: 'Print badge' },
    target: { kind: 'visitor', id: 'v1', name: 'Rawiri Tomoana (Fabrikam)' }
  })

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

/** What the self check-in kiosk did is named as the kiosk of its computer, not as the OS user it runs under. */
describe('the Audit screen names who did it', () => {
  it('a kiosk row as the kiosk on its computer, a desk row as the desk on its computer with its user (one way of saying who)', async () => {
    renderAudit([
      row('r-1', { user: 'kiosk', host: 'lobby-pc', kiosk: true }),
      row('r-2', { user: 'ana', host: 'desk-7' })
    ])
    const table = await screen.findByTestId('audit-table')
    const desks = within(table)
      .getAllByTestId('audit-desk')
      .map((cell) => cell.textContent!.trim())
    expect(desks).toEqual(['Kiosk on lobby-pc', 'Desk on desk-7 (ana)'])
  })

  it('in the desk’s language', async () => {
    deskLanguage.choose('de')
    renderAudit([
      row('r-1', { user: 'kiosk', host: 'lobby-pc', kiosk: true }),
      row('r-2', { user: 'root', host: 'vm' })
    ])
    const desks = async () => (await screen.findAllByTestId('audit-desk')).map((cell) => cell.textContent!.trim())
    await expect.poll(desks, { timeout: 10_000 }).toEqual(['Kiosk an lobby-pc', 'Empfang an vm (root)'])
  })
})
