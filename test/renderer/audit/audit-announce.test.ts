import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
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

/** The journal as main holds it: audit.list filters it by text, setRetention keeps the days given. */
function journal() {
  const state = { rows: [row('r-3', 'Ada Ng'), row('r-2', 'Grace Hopper'), row('r-1', 'Alan Turing')], days: 365 }
  const { bridge, calls } = scriptedBridge({
    'audit.list': (input) => {
      const text = (input as { filter: { text?: string } }).filter.text?.toLowerCase()
      const items = text ? state.rows.filter((r) => r.target.name!.toLowerCase().includes(text)) : state.rows
      const page: AuditPage = {
        items,
        total: items.length,
        all: state.rows.length,
        consoles: [{ ...console, key: console.url }],
        retentionDays: state.days
      }
      return { ok: true, result: page }
    },
    'audit.exportCsv': () => ({ ok: true, result: { filename: 'audit-2026-01-12.csv', text: 'x', rows: 3 } }),
    'audit.setRetention': (input) => {
      state.days = (input as { days: number }).days
      const pruned = state.rows.length - 1
      state.rows = state.rows.slice(0, 1)
      return { ok: true, result: { retentionDays: state.days, pruned } }
    }
  })
  setApiForTests(bridge)
  return { state, calls }
}

async function said(words: string, where: () => HTMLElement) {
  await waitFor(() => expect(screen.getByTestId('action-announcer')).toHaveTextContent(words))
  expect(document.activeElement).not.toBe(document.body)
  expect(document.activeElement).toBe(where())
}

describe('every Audit action says what it did, once, in the app’s one live region', () => {
  it('filter applied and cleared with the rows they keep, CSV saved, older rows removed; the focus goes on', async () => {
    const main = journal()
    URL.createObjectURL = () => 'blob:audit'
    URL.revokeObjectURL = () => undefined
    render(ActionAnnouncer)
    render(AuditScreen)
    await screen.findByTestId('audit-table')
    // The count is no second live region.
    expect(screen.getByTestId('audit-count')).not.toHaveAttribute('aria-live')

    await fireEvent.input(screen.getByLabelText('Text'), { target: { value: 'ada' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Apply filter' }))
    await said('Filter applied: 1 row', () => screen.getByRole('button', { name: 'Apply filter' }))
    expect(main.calls.filter(([c]) => c === 'audit.list').at(-1)![1]).toMatchObject({ filter: { text: 'ada' } })

    await fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    await said('Filter cleared: 3 rows', () => screen.getByRole('button', { name: 'Clear' }))

    await fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await said('CSV saved. Saved 3 rows as audit-2026-01-12.csv.', () =>
      screen.getByRole('button', { name: 'Export CSV' })
    )
    expect(screen.getByTestId('audit-exported')).not.toHaveAttribute('role')

    // A shorter time is confirmed first; the confirmation goes, the focus goes back to the days.
    await fireEvent.input(screen.getByLabelText('Days to keep'), { target: { value: '30' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Remove older rows' }))
    await said('Rows are kept 30 days. 2 older rows removed.', () => screen.getByLabelText('Days to keep'))
    expect(main.state).toMatchObject({ days: 30 })
    expect(main.state.rows).toHaveLength(1)
  })
})
