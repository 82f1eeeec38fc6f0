import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'

const start = Math.floor(Date.now() / 1000) + 3600
const visitor = (id: string, first: string, last: string): Visitor => ({
  id,
  first_name: first,
  last_name: last,
  status: 'UPCOMING',
  inviter_name: 'Hanne Lund',
  visit_reason: 'Business',
  remarks: '',
  start_time: start,
  end_time: start + 7200,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
})
const ok = (result: unknown) => ({ ok: true as const, result })
const people = [visitor('v-mei', 'Mei', 'Tanaka'), visitor('v-lena', 'Lena', 'Vogel')]

/**
 * A visitor opened from Today (or Badges) on a Visitors list still searched for someone else: the search
 * goes, so the list and the details beside it agree; the details come into view with the focus on them. A
 * visitor opened from the list itself gets the focus on the details too (the one rule of every list:
 * RecordList.openToShow and revealWhenShown), never left on the clicked name.
 */
describe('a visitor opened on the Visitors screen', () => {
  beforeEach(() => {
    visitors.reset()
    visitors.keyword = ''
    visitors.status = ''
    Element.prototype.scrollIntoView = vi.fn()
    setApiForTests(
      scriptedBridge({
        'visitors.list': (input) => {
          const keyword = ((input as { keyword?: string }).keyword ?? '').toLowerCase()
          const items = people.filter((v) => `${v.first_name} ${v.last_name}`.toLowerCase().includes(keyword))
          return ok({ items, total: items.length })
        },
        'visitors.get': (input) => ok(people.find((v) => v.id === (input as { id: string }).id)!),
        'visitors.capabilities': () => ok({ canEdit: true }),
        'visitors.qrState': () => ok({ assigned: false, pngBase64: null }),
        'sites.topology': () => ok({ groups: [] })
      }).bridge
    )
  })
  afterEach(() => {
    cleanup()
    delete (Element.prototype as Partial<Element>).scrollIntoView
  })

  it('from Today under a list searched for another name: the search goes, the list shows them, the focus is on them', async () => {
    visitors.keyword = 'mei tanaka'
    await visitors.load(1)
    expect(visitors.items.map((v) => v.id)).toEqual(['v-mei'])
    // As Today's row does before the screen is shown.
    await today.openVisitor('v-lena')
    render(VisitorsScreen)
    const details = await screen.findByTestId('visitor-details')
    expect(within(details).getByRole('heading', { level: 2 })).toHaveTextContent('Lena Vogel')
    expect(visitors.keyword).toBe('')
    expect(visitors.items.map((v) => v.id)).toContain('v-lena')
    await waitFor(() => expect(document.activeElement).toBe(details.querySelector('h2')))
  })

  it('from the list itself: the focus moves to the details, not left on the name clicked', async () => {
    render(VisitorsScreen)
    const name = await screen.findByRole('button', { name: 'Lena Vogel' })
    name.focus()
    name.click()
    const details = await screen.findByTestId('visitor-details')
    await waitFor(() => expect(document.activeElement).toBe(details.querySelector('h2')))
  })
})
