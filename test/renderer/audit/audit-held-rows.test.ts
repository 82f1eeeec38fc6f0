import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte'
import { auditStore } from '../../../src/renderer/src/stores/audit.svelte'
import { shownAsOf } from '../../../src/renderer/src/lib/shown-as-of'
import { auditRow, renderAudit } from './audit-screen-fixture'

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
    const { calls } = renderAudit([
      auditRow('r-2', { target: { kind: 'visitor', name: 'Grace Hopper' } }),
      auditRow('r-1', { target: { kind: 'visitor', name: 'Alan Turing' } })
    ])
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
