import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'

afterEach(() => {
  cleanup()
  visitors.reset()
})

const person = (id: string, first_name: string, last_name: string): Visitor => visitorFixture(id, first_name, last_name)
const zoe = person('v1', 'Zoë', 'Brien')
const ivan = person('v2', 'Ivan', 'Petrov')

/** Typing in an open form is never dropped by opening another visitor or a new form without a word. */
describe('Visitors: leaving a form that holds typing asks first', () => {
  async function editingZoe() {
    const { bridge } = scriptedBridge({
      'sites.topology': () => ({ ok: true, result: { groups: [] } }),
      'visitors.list': () => ({ ok: true, result: { items: [zoe, ivan], total: 2 } }),
      'visitors.get': (input) => ({ ok: true, result: (input as { id: string }).id === 'v1' ? zoe : ivan }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } }),
      'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    await fireEvent.click(within(table).getByRole('button', { name: 'Zoë Brien' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Edit…' }))
    const form = await screen.findByTestId('visitor-form')
    await fireEvent.input(within(form).getByLabelText('Remarks'), { target: { value: 'Parking B' } })
    return table
  }

  it('another visitor clicked: asked, "Keep editing" focused and keeps the typing', async () => {
    const table = await editingZoe()
    await fireEvent.click(within(table).getByRole('button', { name: 'Ivan Petrov' }))
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' })
    expect(dialog).toHaveTextContent('What you typed for Zoë Brien’s visit is not saved')
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep editing' }))
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }))
    expect(within(screen.getByTestId('visitor-form')).getByLabelText('Remarks')).toHaveValue('Parking B')
  })

  it('"Discard changes" opens the visitor clicked; untouched forms are left without a question', async () => {
    const table = await editingZoe()
    await fireEvent.click(within(table).getByRole('button', { name: 'Ivan Petrov' }))
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }))
    await expect.poll(() => screen.getByTestId('visitor-details')).toHaveTextContent('Ivan Petrov')
    expect(screen.queryByTestId('visitor-form')).toBeNull()

    await fireEvent.click(await screen.findByRole('button', { name: 'Edit…' }))
    await screen.findByTestId('visitor-form')
    await fireEvent.click(within(table).getByRole('button', { name: 'Zoë Brien' }))
    await expect.poll(() => screen.getByTestId('visitor-details')).toHaveTextContent('Zoë Brien')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
