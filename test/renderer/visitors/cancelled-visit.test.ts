import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
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
  inviter_name: 'Hanne Lund',
  visit_reason: 'Business',
  start_time: start,
  end_time: start + 7200,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
}

async function open(visitor: Visitor) {
  const ok = (result: unknown) => ({ ok: true as const, result })
  const { bridge } = scriptedBridge({
    'visitors.list': () => ok({ items: [visitor], total: 1 }),
    'visitors.get': () => ok(visitor),
    'visitors.capabilities': () => ok({ canEdit: true }),
    'visitors.qrState': () => ok({ assigned: false, pngBase64: null }),
    'sites.topology': () => ok({ groups: [] })
  })
  setApiForTests(bridge)
  render(VisitorsScreen)
  const table = await screen.findByTestId('visitors-table')
  await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
  return screen.findByTestId('visitor-details')
}

afterEach(() => {
  cleanup()
  visitors.reset()
})

describe('Visitors: a cancelled visit offers no action that makes no sense, and says why', () => {
  it('Edit… and Cancel visit… are off on a cancelled visit, the reason beside them', async () => {
    const details = await open({ ...rosa, status: 'CANCELLED' })
    const reason = within(details).getByTestId('cancelled-reason')
    expect(reason).toHaveTextContent('This visit is cancelled: it can no longer be edited or cancelled.')
    for (const name of ['Edit…', 'Cancel visit…']) {
      const button = within(details).getByRole('button', { name })
      expect(button).toBeDisabled()
      expect(button).toHaveAccessibleDescription(reason.textContent!)
    }
  })

  it('no credential can be added to a cancelled visit: Enroll a new card is off like Pick a card…', async () => {
    await open({ ...rosa, status: 'CANCELLED' })
    const credentials = await screen.findByTestId('visitor-credentials')
    expect(within(credentials).getByTestId('cancelled-credentials')).toHaveTextContent('This visit is cancelled')
    for (const name of ['Enroll a new card', 'Pick a card…']) {
      const button = await within(credentials).findByRole('button', { name })
      expect(button).toBeDisabled()
      expect(button).toHaveAccessibleDescription('This visit is cancelled')
    }
  })

  it('a cancelled visit holding a PIN gives no advice about a new one (none can be assigned)', async () => {
    await open({ ...rosa, status: 'CANCELLED', pin_code: { token: 'h' } as never })
    const credentials = await screen.findByTestId('visitor-credentials')
    const line = within(credentials).getByTestId('pin-state')
    expect(line).toHaveTextContent('The visitor has a PIN; it lets nobody in while the visit is cancelled.')
    expect(credentials).not.toHaveTextContent(/assign a new one/i)
  })

  it('an open visit can be edited and cancelled', async () => {
    const details = await open(rosa)
    expect(within(details).getByRole('button', { name: 'Edit…' })).toBeEnabled()
    expect(within(details).getByRole('button', { name: 'Cancel visit…' })).toBeEnabled()
    expect(within(details).queryByTestId('cancelled-reason')).toBeNull()
  })
})

describe('Visitors: the form says who the host is and where it is set', () => {
  it('the edit form shows the host, not as a field (the console API takes none), and where to change it', async () => {
    const details = await open(rosa)
    await fireEvent.click(within(details).getByRole('button', { name: 'Edit…' }))
    const form = await screen.findByTestId('visitor-form')
    const host = within(form).getByTestId('visitor-host')
    expect(host).toHaveTextContent('Host: Hanne Lund')
    expect(host).toHaveTextContent('set on the console’s own visitor page')
    expect(within(form).queryByRole('textbox', { name: /host/i })).toBeNull()
  })
})

describe('Visitors: a cancelled visit shows no PIN to give', () => {
  it('a PIN just given is not offered once the visit is cancelled; the panel says the visit is cancelled', async () => {
    const ok = (result: unknown) => ({ ok: true as const, result })
    let current: Visitor = rosa
    const { bridge } = scriptedBridge({
      'visitors.list': () => ok({ items: [current], total: 1 }),
      'visitors.get': () => ok(current),
      'visitors.capabilities': () => ok({ canEdit: true }),
      'visitors.qrState': () => ok({ assigned: false, pngBase64: null }),
      'visitors.assignNewPin': () => (
        (current = { ...current, pin_code: { token: 'h' } as never }),
        ok({ pin: '482913' })
      ),
      'visitors.cancel': () => ((current = { ...current, status: 'CANCELLED' }), ok({})),
      'sites.topology': () => ok({ groups: [] })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    await fireEvent.click(
      within(await screen.findByTestId('visitors-table')).getByRole('button', { name: 'Rosa Jensen' })
    )
    const credentials = await screen.findByTestId('visitor-credentials')
    await fireEvent.click(await within(credentials).findByRole('button', { name: 'Generate and assign PIN' }))
    expect(await screen.findByTestId('visitor-pin')).toHaveTextContent('482913')
    expect(credentials).toHaveTextContent('Give this PIN to the visitor now')

    await fireEvent.click(
      within(await screen.findByTestId('visitor-details')).getByRole('button', { name: 'Cancel visit…' })
    )
    await fireEvent.click(await screen.findByRole('button', { name: 'Cancel visit' }))
    const after = await screen.findByTestId('visitor-credentials')
    await within(after).findByTestId('cancelled-credentials')
    expect(within(after).queryByTestId('visitor-pin')).toBeNull()
    expect(after).not.toHaveTextContent('Give this PIN to the visitor now')
    expect(after).toHaveTextContent('This visit is cancelled')
  })
})
