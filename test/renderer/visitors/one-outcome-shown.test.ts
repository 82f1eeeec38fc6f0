import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'

const rosa: Visitor = visitorFixture('v1', 'Rosa', 'Jensen')

afterEach(() => {
  cleanup()
  visitors.reset()
  sites.reset()
})

/** Visitors' details show the last action's outcome only: a save, then a cancel, shows the cancel alone. */
describe("Visitors: one outcome at a time, the last action's", () => {
  it('"Visitor saved" goes when the visit is then cancelled', async () => {
    const state = { rosa }
    const { bridge } = scriptedBridge({
      'sites.topology': () => ({ ok: true, result: { groups: [] } }),
      'visitors.list': () => ({ ok: true, result: { items: [state.rosa], total: 1 } }),
      'visitors.get': () => ({ ok: true, result: state.rosa }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } }),
      'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } }),
      'visitors.update': () => {
        state.rosa = { ...state.rosa, visitor_company: 'Globex' }
        return { ok: true, result: { outcome: 'saved', record: state.rosa, sent: ['visitor_company'] } }
      },
      'visitors.cancel': () => {
        state.rosa = { ...state.rosa, status: 'CANCELLED' }
        return { ok: true, result: null }
      }
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
    await screen.findByTestId('visitor-details')
    await fireEvent.click(screen.getByRole('button', { name: 'Edit…' }))
    await fireEvent.input(screen.getByLabelText('Company'), { target: { value: 'Globex' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByTestId('visitor-saved')).toHaveTextContent('Visitor saved')

    await fireEvent.click(screen.getByRole('button', { name: 'Cancel visit…' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Cancel visit' }))
    expect(await screen.findByTestId('cancel-note')).toHaveTextContent('Visit cancelled.')
    expect(screen.queryByTestId('visitor-saved')).toBeNull()
  })
})
