import '@testing-library/jest-dom/vitest'
import { beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import { tick } from 'svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { formDrafts } from '../../../src/renderer/src/lib/form-drafts.svelte'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'

const start = Math.floor(Date.now() / 1000) + 3600
const rosa: Visitor = {
  id: 'v1',
  first_name: 'Rosa',
  last_name: 'Jensen',
  status: 'UPCOMING',
  visit_reason: 'Business',
  visitor_company: 'Acme',
  mobile_phone: '',
  remarks: '',
  start_time: start + 17,
  end_time: start + 7200 + 17,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [{ id: 'g-lobby', name: 'Lobby', type: 'door_group' }],
  license_plates: []
}
type Sent = { id: string; edit: { base: Record<string, unknown>; changes: Record<string, unknown> } }

/** Main as scripted; the console's Rosa is `console.rosa` (changed by a test to play another desk). */
function main(answers: unknown[] = []) {
  const sent: Sent[] = []
  const calls: string[] = []
  const state = { rosa }
  const { bridge } = scriptedBridge({
    'sites.topology': () => ({ ok: true, result: { groups: [] } }),
    'visitors.list': () => ({ ok: true, result: { items: [state.rosa], total: 1 } }),
    'visitors.get': () => ({ ok: true, result: state.rosa }),
    'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } }),
    'visitors.qrState': () => ({ ok: true, result: { assigned: true, pngBase64: null } }),
    'visitors.unassignQr': () => (calls.push('unassignQr'), { ok: true, result: null }),
    'visitors.assignNewPin': () => (calls.push('assignNewPin'), { ok: true, result: { pin: '123456' } }),
    'visitors.update': (input) => {
      sent.push(input as Sent)
      return { ok: true as const, result: answers.shift() }
    }
  })
  setApiForTests(bridge)
  return { sent, calls, state }
}

async function openRosa() {
  render(VisitorsScreen)
  const table = await screen.findByTestId('visitors-table')
  await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
  await screen.findByTestId('visitor-details')
}

describe('Visitors: a form keeps what was typed across screen switches', () => {
  beforeEach(() => {
    visitors.reset()
    sites.reset()
    document.body.innerHTML = ''
  })

  it('an edit left for Today and back shows the typing, and still compares with the base it opened with', async () => {
    const { sent, state } = main([
      { outcome: 'saved', record: { ...rosa, visitor_company: 'Globex' }, sent: ['visitor_company'] }
    ])
    await openRosa()
    await fireEvent.click(screen.getByRole('button', { name: 'Edit…' }))
    await fireEvent.input(screen.getByLabelText('Company'), { target: { value: 'Globex' } })
    // Another desk changes the remarks meanwhile; the list is read again on the way back.
    state.rosa = { ...rosa, remarks: 'Escort' }
    document.body.innerHTML = ''
    // Switch away (the screen unmounts) and back.
    const { unmount } = render(VisitorsScreen)
    unmount()
    render(VisitorsScreen)
    await screen.findByTestId('visitor-form')
    expect(screen.getByLabelText('Company')).toHaveValue('Globex')
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await expect.poll(() => sent.length).toBe(1)
    expect(sent[0]!.edit).toEqual({ base: { visitor_company: 'Acme' }, changes: { visitor_company: 'Globex' } })
    // Saved: the draft is gone, said once and shown.
    expect(formDrafts.peek('visitors.form')).toBeNull()
    await expect.poll(() => announcer.message).toBe('Visitor saved')
    expect(await screen.findByTestId('visitor-saved')).toHaveTextContent('Visitor saved')
    expect(document.activeElement).not.toBe(document.body)
  })

  it('a new visitor form keeps its typing; Cancel drops it and gives the focus back to New visitor…', async () => {
    main()
    render(VisitorsScreen)
    await screen.findByTestId('visitors-table')
    const newButton = screen.getByRole('button', { name: 'New visitor…' })
    await fireEvent.click(newButton)
    await tick()
    // The focus is in the form's first field, not on the screen heading.
    expect(document.activeElement).toBe(screen.getByLabelText('First name'))
    await fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Ola' } })
    document.body.innerHTML = ''
    render(VisitorsScreen)
    expect(await screen.findByLabelText('First name')).toHaveValue('Ola')
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await tick()
    expect(formDrafts.peek('visitors.form')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New visitor…' }))
  })

  it('Edit… puts the focus in the first field; Cancel puts it back on Edit…', async () => {
    main()
    await openRosa()
    await fireEvent.click(screen.getByRole('button', { name: 'Edit…' }))
    await tick()
    expect(document.activeElement).toBe(screen.getByLabelText('First name'))
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await tick()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit…' }))
  })
})

describe('Visitors: credentials say what happened', () => {
  beforeEach(() => {
    visitors.reset()
    document.body.innerHTML = ''
  })

  it('the Revoke QR confirmation takes the focus on "Keep it", before Revoke; a revoke is announced', async () => {
    const { calls } = main()
    await openRosa()
    await expect.poll(() => screen.getByTestId('qr-state').textContent).toMatch(/has a QR code/)
    await fireEvent.click(screen.getByRole('button', { name: 'Revoke QR code…' }))
    await tick()
    const confirm = screen.getByTestId('revoke-qr')
    const keep = within(confirm).getByRole('button', { name: 'Keep it' })
    expect(document.activeElement).toBe(keep)
    const buttons = within(confirm).getAllByRole('button')
    expect(buttons[0]).toBe(keep)
    // Keep it: back on the button that asked.
    await fireEvent.click(keep)
    await tick()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Revoke QR code…' }))
    await fireEvent.click(screen.getByRole('button', { name: 'Revoke QR code…' }))
    await tick()
    expect(document.activeElement).toBe(
      within(screen.getByTestId('revoke-qr')).getByRole('button', { name: 'Keep it' })
    )
    const confirmAgain = screen.getByTestId('revoke-qr')
    await fireEvent.click(within(confirmAgain).getByRole('button', { name: 'Revoke' }))
    await expect.poll(() => announcer.message).toBe('QR code revoked')
    expect(calls).toContain('unassignQr')
    expect(document.activeElement).not.toBe(document.body)
  })

  it('a PIN assigned is announced', async () => {
    const { calls } = main()
    await openRosa()
    await fireEvent.click(screen.getByRole('button', { name: 'Generate and assign PIN' }))
    await expect.poll(() => announcer.message).toBe('PIN assigned')
    expect(calls).toContain('assignNewPin')
    expect(document.activeElement).not.toBe(document.body)
  })
})
