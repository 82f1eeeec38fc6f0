import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { AuditPage, AuditRow } from '../../../src/shared/audit/schemas'
import { scriptedBridge } from '../../support/fake-bridge'

/**
 * A journal of 10,000 rows (issue 33: a list that can hold thousands of rows stays instant): main
 * answers a window of it (audit.list's offset and limit), and the table draws that window only,
 * never the journal. The pager moves the window.
 */
const ROWS = 10_000
const console = { name: 'Demo console', url: 'https://127.0.0.1:12445' }
const journal: AuditRow[] = Array.from({ length: ROWS }, (_, i) => ({
  id: `r-${ROWS - i}`,
  at: new Date(Date.parse('2026-01-12T13:00:00.000Z') - i * 60_000).toISOString(),
  console,
  desk: { user: 'ana', host: 'desk-7' },
  action: 'create',
  endpoint: { id: 'E17', title: 'Create visitor' },
  target: { kind: 'visitor', id: `v-${ROWS - i}`, name: `Visitor ${ROWS - i}` },
  outcome: 'ok'
}))

afterEach(() => cleanup())

describe('Audit with 10,000 rows', () => {
  it('asks main for a window of rows, draws that window, and the pager moves it', { timeout: 30_000 }, async () => {
    const { bridge, calls } = scriptedBridge({
      'audit.list': (input) => {
        const { offset, limit } = input as { offset: number; limit: number }
        const page: AuditPage = {
          items: journal.slice(offset, offset + limit),
          total: ROWS,
          all: ROWS,
          consoles: [{ ...console, key: console.url }],
          retentionDays: 365
        }
        return { ok: true, result: page }
      }
    })
    setApiForTests(bridge)
    render(AuditScreen)
    const table = await screen.findByTestId('audit-table')
    // By selector: role queries over 700 cells take seconds in jsdom.
    const bodyRows = () => [...screen.getByTestId('audit-table').querySelectorAll('tbody tr')]
    expect(bodyRows()).toHaveLength(100)
    expect(bodyRows()[0]).toHaveTextContent('Visitor 10000')
    expect(screen.getByTestId('audit-count')).toHaveTextContent('10,000 rows')
    expect(screen.getByTestId('pager-summary')).toHaveTextContent('Page 1 of 100')
    const asked = () => calls.filter(([c]) => c === 'audit.list').map(([, i]) => i as { offset: number; limit: number })
    expect(asked().map(({ offset, limit }) => [offset, limit])).toEqual([[0, 100]])

    expect(table).toHaveAttribute('aria-label', 'Audit rows, newest first')
    await fireEvent.click(screen.getByText('Next'))
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('Visitor 9900'))
    expect(bodyRows()).toHaveLength(100)
    expect(screen.getByTestId('pager-summary')).toHaveTextContent('Page 2 of 100')
    expect(asked().at(-1)).toMatchObject({ offset: 100, limit: 100 })
  })
})
