import { describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { AuditPage, AuditRow } from '../../../src/shared/audit/schemas'
import { scriptedBridge } from '../../support/fake-bridge'

const url = 'https://127.0.0.1:12445'
const fingerprint = 'AA:'.repeat(31) + 'AA'
const settled: AuditRow = {
  id: 'r-1',
  at: '2026-01-12T13:00:00.000Z',
  endedAt: '2026-01-12T13:00:03.000Z',
  console: { name: 'Demo console', url },
  desk: { user: 'ana', host: 'desk-7' },
  action: 'delete',
  endpoint: { id: 'E7', title: 'Delete NFC card' },
  target: { kind: 'NFC card', id: 'tk-1' },
  card: { token: 'tk-1', number: '100005', alias: 'Front desk' },
  outcome: 'ok',
  code: 'HTTP_502',
  message: "Done: the console's answer was lost; reading it back shows this was done."
}

/**
 * The Audit screen as main answers it: the Console filter offers a console under every name its rows
 * carry (two profiles on one console), and a row settled by a read-back shows Done with what was read.
 */
describe('Audit: consoles by every name, rows settled by a read-back', () => {
  it('offers "Demo console" and "HQ view" for one address; a settled row reads Done and says it was read back', async () => {
    const page: AuditPage = {
      items: [settled],
      total: 1,
      all: 1,
      consoles: [{ key: fingerprint, name: 'HQ view', url, names: ['HQ view', 'Demo console'] }],
      retentionDays: 365
    }
    const { bridge } = scriptedBridge({ 'audit.list': () => ({ ok: true, result: page }) })
    setApiForTests(bridge)
    render(AuditScreen)

    const select = screen.getByRole('combobox', { name: 'Console' })
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2))
    const option = within(select).getAllByRole('option')[1]!
    expect(option).toHaveTextContent('HQ view / Demo console')
    // The filter takes the console's key (its certificate), which stays when its address changes.
    expect(option).toHaveValue(fingerprint)

    const row = await screen.findByText('Card 100005 (Front desk)')
    const cells = row.closest('tr')!
    expect(cells).toHaveTextContent('Done')
    expect(cells).toHaveTextContent('reading it back shows this was done')
  })
})
