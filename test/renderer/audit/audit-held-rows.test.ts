import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { auditStore } from '../../../src/renderer/src/stores/audit.svelte'
import { shownAsOf } from '../../../src/renderer/src/lib/shown-as-of'
import type { AuditPage, AuditRow } from '../../../src/shared/audit/schemas'
import { scriptedBridge } from '../../support/fake-bridge'

const console = { name: 'Demo console', url: 'https://127.0.0.1:12445' }
const row = (id: string, name: string): AuditRow => ({
  id,
  at: '2026-01-12T13:00:00.000Z',
  console,
  desk: { user: 'ana', host: 'desk-7' },
  action: 'create',
  endpoint: { id: 'E17', title: 'Create visitor' },
  target: { kind: 'visitor', id: `v-${id}`, name },
  outcome: 'ok'
})

afterEach(() => {
  cleanup()
  auditStore.fields = { from: '', to: '', console: '', action: '', outcome: '', text: '' }
})

/**
 * A filter the screen refuses (a date typed that is no day) or a read that fails leaves the rows of the
 * filter applied before on screen: they are said to be that filter's, as of their read — the one line of
 * every list held after a failed read (HeldListAsOf, lib/shown-as-of) — not shown as if they answered the
 * fields as they are now.
 */
describe('Audit says the rows it keeps under a refused filter are the filter applied before', () => {
  it('a date typed that is no day: the error, and the rows said as the earlier filter’s, as of their read', async () => {
    const rows = [row('r-2', 'Grace Hopper'), row('r-1', 'Alan Turing')]
    const page: AuditPage = {
      items: rows,
      total: 2,
      all: 2,
      consoles: [{ ...console, key: console.url }],
      retentionDays: 365
    }
    const { bridge, calls } = scriptedBridge({ 'audit.list': () => ({ ok: true, result: page }) })
    setApiForTests(bridge)
    render(AuditScreen)
    await screen.findByTestId('audit-table')
    expect(screen.queryByTestId('list-as-of')).toBeNull()
    const reads = calls.filter(([c]) => c === 'audit.list').length

    await fireEvent.input(screen.getByLabelText('From'), { target: { value: '31/2/2026' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Apply filter' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('31/2/2026'))
    // Nothing was read for the refused filter: the rows on screen are the earlier filter's.
    expect(calls.filter(([c]) => c === 'audit.list')).toHaveLength(reads)
    expect(screen.getAllByRole('row')).toHaveLength(3)
    expect(screen.getByTestId('list-as-of')).toHaveTextContent(
      shownAsOf('2 rows of the filter applied before', 'read', auditStore.readAt)
    )
    expect(screen.getByTestId('list-as-of')).toHaveTextContent(/as read at \d{1,2}:\d{2}/)

    // The date typed again as a day: applied, the line goes.
    await fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-01-01' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Apply filter' }))
    await waitFor(() => expect(screen.queryByTestId('list-as-of')).toBeNull())
  })
})
