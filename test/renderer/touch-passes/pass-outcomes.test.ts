import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import AssignManyDialog from '../../../src/renderer/src/components/touch-passes/AssignManyDialog.svelte'
import TouchPassDetails from '../../../src/renderer/src/components/touch-passes/TouchPassDetails.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { passOf } from './pass-fixture'

/**
 * Rename, give and take back each say what happened once and show it beside the pass, with the focus on
 * the result; taking back asks first.
 */
beforeEach(() => {
  touchPasses.reset()
  announcer.message = ''
})
afterEach(() => cleanup())

const viktor = { id: 'u9', first_name: 'Viktor', last_name: 'Ng', name: 'Viktor Ng', email: 'viktor@example.com' }
const held = { ...passOf('7', 'ACTIVE', 'Spare'), user_id: 'u9', user_name: 'Viktor Ng' }

async function said(words: string) {
  await waitFor(() => expect(screen.getByTestId('action-announcer')).toHaveTextContent(words))
  expect(document.activeElement).not.toBe(document.body)
}

describe('Touch Pass details: each action says what it did', () => {
  it('a rename says “Name saved”, the focus on the name', async () => {
    const pass = passOf('7', 'ACTIVE', 'Spare')
    const { bridge } = scriptedBridge({
      'touchPasses.rename': () => ({
        ok: true,
        result: { outcome: 'saved', record: { ...pass, card_name: 'Front desk' }, sent: ['card_name'] }
      })
    })
    setApiForTests(bridge)
    render(ActionAnnouncer)
    render(TouchPassDetails, { pass })
    await fireEvent.input(screen.getByLabelText('Name on the pass'), { target: { value: 'Front desk' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Rename' }))
    await said('Name saved')
    // Shown too, not only said: a sighted person sees the outcome beside the pass.
    expect(screen.getByTestId('pass-done')).toHaveTextContent('Name saved')
    expect(document.activeElement).toBe(screen.getByLabelText('Name on the pass'))
  })

  it('giving a pass says to whom, the focus on the holder’s line', async () => {
    const pass = passOf('7', 'SUSPENDED')
    const { bridge } = scriptedBridge({
      'users.search': () => ({ ok: true, result: { items: [viktor], total: 1 } }),
      'users.list': () => ({ ok: true, result: { items: [viktor], total: 1 } }),
      'touchPasses.assign': () => ({ ok: true, result: { ...pass, user_id: 'u9', user_name: 'Viktor Ng' } })
    })
    setApiForTests(bridge)
    render(ActionAnnouncer)
    const view = render(TouchPassDetails, { pass })
    await fireEvent.click(screen.getByRole('button', { name: 'Assign to a user…' }))
    const dialog = screen.getByRole('dialog')
    await fireEvent.input(within(dialog).getByLabelText('Find a user'), { target: { value: 'Viktor' } })
    await fireEvent.click(await within(dialog).findByText(/Viktor Ng/))
    await fireEvent.click(await within(dialog).findByRole('button', { name: 'Give the pass' }))
    // The details are shown with the pass the store now holds (as the screen does).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await view.rerender({ pass: { ...pass, user_id: 'u9', user_name: 'Viktor Ng' } })
    await said('Pass given to Viktor Ng')
    expect(screen.getByTestId('pass-done')).toHaveTextContent('Pass given to Viktor Ng')
    expect(document.activeElement).toBe(screen.getByTestId('pass-holder'))
  })

  it('taking back asks first (Cancel focused, sends nothing); confirmed, it says from whom', async () => {
    const sent: unknown[] = []
    const { bridge } = scriptedBridge({
      'touchPasses.unassign': (input) => {
        sent.push(input)
        return { ok: true, result: { ...held, user_id: '', user_name: '', status: 'INACTIVE' } }
      }
    })
    setApiForTests(bridge)
    render(ActionAnnouncer)
    const view = render(TouchPassDetails, { pass: held })
    await fireEvent.click(screen.getByRole('button', { name: 'Take back from user…' }))
    const dialog = screen.getByRole('dialog', { name: 'Take this pass back from Viktor Ng?' })
    expect(dialog).toHaveTextContent('their phones and watches lose the pass')
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sent).toEqual([])

    await fireEvent.click(screen.getByRole('button', { name: 'Take back from user…' }))
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Take back the pass' }))
    await waitFor(() => expect(sent).toEqual([{ id: '7', userId: 'u9', seen: { holderId: 'u9' } }]))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await view.rerender({ pass: { ...held, user_id: '', user_name: '', status: 'INACTIVE' } })
    await said('Pass taken back from Viktor Ng')
    expect(screen.getByTestId('pass-done')).toHaveTextContent('Pass taken back from Viktor Ng')
    expect(document.activeElement).toBe(screen.getByTestId('pass-holder'))
  })
})

describe('Give Touch Passes to several users: the outcome', () => {
  it('says how many passes were given, the focus on Close', async () => {
    const ada = { id: 'u1', first_name: 'Ada', last_name: 'Ng', full_name: 'Ada Ng', user_email: 'ada@example.com' }
    const { bridge } = scriptedBridge({
      'touchPasses.assignable': () => ({ ok: true, result: { items: [passOf('1', 'INACTIVE')] } }),
      'users.search': () => ({ ok: true, result: { items: [ada] } }),
      'touchPasses.assignToUsers': () => ({
        ok: true,
        result: { items: [{ ...passOf('1', 'INACTIVE'), user_id: 'u1', user_name: 'Ada Ng' }] }
      })
    })
    setApiForTests(bridge)
    render(ActionAnnouncer)
    render(AssignManyDialog, { onclose: vi.fn(), ondone: vi.fn() })
    await fireEvent.input(screen.getByLabelText('Add a user'), { target: { value: 'Ada Ng' } })
    await fireEvent.click(await screen.findByRole('button', { name: /^Ada Ng/ }))
    await fireEvent.click(screen.getByRole('button', { name: 'Give 1 pass' }))
    await said('1 pass given')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))
  })
})
