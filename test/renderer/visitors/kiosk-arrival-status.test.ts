import '@testing-library/jest-dom/vitest'
import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'

const visitor = (id: string, first: string): Visitor => ({
  id,
  first_name: first,
  last_name: 'Kowhai',
  status: 'ACTIVE',
  // A window open now: one over without an arrival is a no-show (shared/today/groups.ts).
  start_time: Math.floor(Date.now() / 1000) - 3600,
  end_time: Math.floor(Date.now() / 1000) + 3600,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
})

/**
 * A visitor checked in at the kiosk stays ACTIVE on the console; main's list carries her arrival at
 * this desk, and the screen says "Here" by Today's rule (shared/today/groups.ts), in the list and details.
 */
describe('Visitors: a kiosk check-in is Here, as on Today', () => {
  it('says Here for the visitor who checked in and Expected for the one who did not', async () => {
    visitors.reset()
    const arrived = { ...visitor('v1', 'Aroha'), deskArrival: { at: new Date().toISOString(), where: 'kiosk' } }
    const waiting = { ...visitor('v2', 'Manu'), deskArrival: null }
    const { bridge } = scriptedBridge({
      'visitors.list': () => ({ ok: true, result: { items: [arrived, waiting], total: 2 } }),
      'visitors.get': () => ({ ok: true, result: arrived }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    const rowOf = (name: string) => within(table).getByRole('button', { name }).closest('tr')!
    expect(rowOf('Aroha Kowhai')).toHaveTextContent('Here')
    expect(rowOf('Aroha Kowhai')).not.toHaveTextContent('Expected')
    expect(rowOf('Manu Kowhai')).toHaveTextContent('Expected')
    await fireEvent.click(within(table).getByRole('button', { name: 'Aroha Kowhai' }))
    expect(await screen.findByTestId('visitor-details')).toHaveTextContent('Here')
  })
})
