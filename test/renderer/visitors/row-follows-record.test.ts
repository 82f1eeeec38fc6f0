import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'

const start = Math.floor(Date.now() / 1000) + 3600
const rosa: Visitor = {
  id: 'v1',
  first_name: 'Rosa',
  last_name: 'Jensen',
  status: 'UPCOMING',
  visit_reason: 'Business',
  start_time: start,
  end_time: start + 7200,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
}

afterEach(() => {
  cleanup()
  visitors.reset()
})

describe('Visitors: a row follows the record', () => {
  it('a visit cancelled at another desk reads Cancelled in its row once the visitor is read again', async () => {
    const ok = (result: unknown) => ({ ok: true as const, result })
    // The page was read before the other desk cancelled; the visitor read now is cancelled.
    const { bridge } = scriptedBridge({
      'visitors.list': () => ok({ items: [rosa], total: 1 }),
      'visitors.get': () => ok({ ...rosa, status: 'CANCELLED' }),
      'visitors.capabilities': () => ok({ canEdit: true }),
      'visitors.qrState': () => ok({ assigned: false, pngBase64: null }),
      'sites.topology': () => ok({ groups: [] })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    const row = within(table).getByRole('button', { name: 'Rosa Jensen' }).closest('tr')!
    expect(row).toHaveTextContent('Expected')
    await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
    const details = await screen.findByTestId('visitor-details')
    expect(details).toHaveTextContent('Cancelled')
    await waitFor(() => expect(row).toHaveTextContent('Cancelled'))
    expect(row).not.toHaveTextContent('Expected')
  })
})
