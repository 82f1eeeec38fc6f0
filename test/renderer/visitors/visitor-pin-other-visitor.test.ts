import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import { tick } from 'svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'

afterEach(() => cleanup())

const visitor = (id: string, first_name: string, last_name: string): Visitor =>
  visitorFixture(id, first_name, last_name)

describe('Visitors: a new PIN is shown for its own visitor, until another is opened', () => {
  it('the PIN just given stays shown when the visitor is read again, and is not shown as another visitor’s', async () => {
    const rosa = visitor('v1', 'Rosa', 'Jensen')
    const bo = visitor('v2', 'Bo', 'Lind')
    const { bridge, calls } = scriptedBridge({
      'sites.topology': () => ({ ok: true, result: { groups: [] } }),
      'visitors.list': () => ({ ok: true, result: { items: [rosa, bo], total: 2 } }),
      'visitors.get': (input) => ({ ok: true, result: { ...((input as { id: string }).id === 'v1' ? rosa : bo) } }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } }),
      'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } }),
      'visitors.assignNewPin': () => ({ ok: true, result: { pin: '123456' } })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Generate and assign PIN' }))
    expect(await screen.findByTestId('visitor-pin')).toHaveTextContent('123456')
    // Rosa read again after the change (a new record, as main sends): the PIN given stays shown, once, for her.
    await expect.poll(() => calls.filter(([c]) => c === 'visitors.get').length).toBe(2)
    await tick()
    expect(screen.getByTestId('visitor-pin')).toHaveTextContent('123456')

    await fireEvent.click(within(table).getByRole('button', { name: 'Bo Lind' }))
    await expect.poll(() => screen.getByTestId('visitor-details')).toHaveTextContent('Bo Lind')
    const creds = screen.getByTestId('visitor-credentials')
    expect(within(creds).queryByTestId('visitor-pin')).toBeNull()
    expect(within(creds).getByRole('button', { name: 'Generate and assign PIN' })).toBeInTheDocument()
  })
})
