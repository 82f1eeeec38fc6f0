import '@testing-library/jest-dom/vitest'
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import Pager from '../../../src/renderer/src/components/common/Pager.svelte'
import type { PagerCounts } from '../../../src/renderer/src/components/common/pager-counts'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'

const rosa: Visitor = {
  id: 'v1',
  first_name: 'Rosa',
  last_name: 'Jensen',
  status: 'NO_VISIT',
  start_time: 1_767_254_400,
  end_time: 1_767_297_599,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
}

describe('Visitors screen words', () => {
  it('shows statuses and the status filter in words, and counts one visitor as "1 visitor"', async () => {
    visitors.reset()
    const { bridge } = scriptedBridge({
      'visitors.list': () => ({ ok: true, result: { items: [rosa], total: 1 } }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    expect(within(table).getByText('No-show')).toBeInTheDocument()
    expect(table).not.toHaveTextContent('NO_VISIT')
    expect(screen.getByTestId('pager-summary')).toHaveTextContent(/· 1 visitor$/)
    const options = within(screen.getByLabelText('Status'))
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options).toEqual(['All', 'Expected', 'Here', 'Left', 'No-show', 'Cancelled'])
    expect(screen.getByLabelText('Name')).toHaveAttribute('placeholder', 'First, last or full name')
  })
})

describe('Visitors status filter', () => {
  it('applies as soon as it changes, from the first page, without pressing Search', async () => {
    visitors.reset()
    visitors.status = ''
    visitors.keyword = ''
    const asked: { status?: string; page: number }[] = []
    const { bridge } = scriptedBridge({
      'visitors.list': (input) => {
        const query = input as { status?: string; page: number }
        asked.push(query)
        const items = query.status === 'CANCELLED' ? [] : [rosa]
        return { ok: true, result: { items, total: items.length } }
      },
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    await screen.findByTestId('visitors-table')
    await fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'CANCELLED' } })
    expect(await screen.findByTestId('visitors-empty')).toHaveTextContent('No visitor matches this search.')
    expect(asked.at(-1)).toMatchObject({ status: 'CANCELLED', page: 1 })
    visitors.status = ''
  })
})

describe('Pager counts', () => {
  it('says "1 pass", "1 item" and "2 passes" without being told the singular', () => {
    const cases: [PagerCounts, number, string][] = [
      ['passes', 1, '1 pass'],
      ['items', 1, '1 item'],
      ['passes', 2, '2 passes']
    ]
    for (const [label, total, said] of cases) {
      const { unmount } = render(Pager, { page: 1, pageSize: 25, total, onpage: () => undefined, label })
      expect(screen.getByTestId('pager-summary')).toHaveTextContent(new RegExp(`· ${said}$`))
      unmount()
    }
  })
})

describe('Visitors screen open', () => {
  it('asks what the token may change once the first page is in, not beside it (one connection for the page)', async () => {
    visitors.reset()
    let answerPage: (() => void) | undefined
    const { bridge, calls } = scriptedBridge({
      'visitors.list': () =>
        new Promise((resolve) => {
          answerPage = () => resolve({ ok: true, result: { items: [rosa], total: 1 } })
        }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: false, missingPermission: 'edit:visitor' } })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    await vi.waitFor(() => expect(answerPage).toBeDefined())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls.map(([c]) => c)).toEqual(['visitors.list'])
    answerPage!()
    await screen.findByTestId('visitors-table')
    await vi.waitFor(() => expect(calls.map(([c]) => c)).toEqual(['visitors.list', 'visitors.capabilities']))
    expect(await screen.findByTestId('permission-note')).toHaveTextContent('edit:visitor')
  })
})
