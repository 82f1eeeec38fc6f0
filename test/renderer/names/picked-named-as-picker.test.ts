import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import AssignCard from '../../../src/renderer/src/components/enroll/AssignCard.svelte'
import TouchPassDetails from '../../../src/renderer/src/components/touch-passes/TouchPassDetails.svelte'
import AssignManyDialog from '../../../src/renderer/src/components/touch-passes/AssignManyDialog.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import type { OwnerRef } from '../../../src/shared/owners'
import { scriptedBridge } from '../../support/fake-bridge'
import { cardsMain, range } from '../cards/cards-main'
import { passOf } from '../touch-passes/pass-fixture'

/**
 * Six "Ben Ng" on the console: one with a mailbox of his own, two sharing one, three with none (one of
 * them with an employee number). Whatever names a person once picked names them as the picker did
 * (lib/person-line `pickedName`): the confirm line, the outcome sentence and the list of those picked,
 * on every screen that picks a person — never a bare "Ben Ng" that could be any of the six.
 */
const benNg = [
  { id: 'a1c0ffee-0000-4000-8000-000000000001', email: 'ben@example.com', number: '' },
  { id: '3718bd3b-0000-4000-8000-000000000002', email: 'ben.ng@example.com', number: '' },
  { id: '5e2a9c01-0000-4000-8000-000000000003', email: 'ben.ng@example.com', number: '' },
  { id: 'c4e8a310-0000-4000-8000-000000000004', email: '', number: '' },
  { id: 'e05f6b77-0000-4000-8000-000000000005', email: '', number: '' },
  { id: '9d01f2aa-0000-4000-8000-000000000006', email: '', number: 'E-1042' }
]
const users = benNg.map(({ id, email, number }) => ({
  id,
  first_name: 'Ben',
  last_name: 'Ng',
  full_name: 'Ben Ng',
  user_email: email,
  employee_number: number,
  touch_pass: null
}))
/** The second shares a mailbox with the third: the picker tells him apart by the console's id. */
const second = 'Ben Ng · ID 3718bd3b'
const third = 'Ben Ng · ID 5e2a9c01'

beforeEach(() => {
  announcer.message = ''
  touchPasses.reset()
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true
  }
})
afterEach(() => {
  cleanup()
  cardsStore.reset()
  vi.restoreAllMocks()
})

const said = (words: string) => waitFor(() => expect(announcer.message).toContain(words))

/** The result of a picker whose words include `apart` (an option or a button, as the picker lists them). */
async function pickResult(within: HTMLElement, role: 'option' | 'button', apart: string) {
  const shown = await waitFor(() => {
    const rows = [...within.querySelectorAll<HTMLElement>('[data-row]')]
    expect(rows).toHaveLength(6)
    return rows
  })
  const row = shown.find((r) => r.textContent!.includes(apart))!
  expect(row.getAttribute('role') ?? row.tagName.toLowerCase()).toBe(role)
  row.focus()
  await fireEvent.click(row)
}

describe('a person picked among namesakes is named afterwards as the picker named them', () => {
  it('PINs: the confirm line and “PIN … assigned to …”', async () => {
    const { bridge } = scriptedBridge({
      'pins.generate': () => ({ ok: true, result: { pin: '95165371' } }),
      'users.search': () => ({ ok: true, result: { items: users, total: users.length } }),
      'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
      'pins.held': () => ({ ok: true, result: { held: false } }),
      'pins.assign': () => ({ ok: true, result: { assigned: true } })
    })
    setApiForTests(bridge)
    render(PinsScreen)
    await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
    const search = await screen.findByRole('searchbox', { name: 'Find a user or visitor' })
    await fireEvent.input(search, { target: { value: 'Ben Ng' } })
    await pickResult(document.body, 'option', 'ID 3718bd3b')
    expect(screen.getByTestId('pin-assign-person')).toHaveTextContent(`To ${second} (user)`)
    await said(`${second} has no PIN yet.`)
    const assign = screen.getByRole('button', { name: 'Assign PIN' })
    await waitFor(() => expect(assign).toBeEnabled())
    await fireEvent.click(assign)
    await said(`PIN 95165371 assigned to ${second}.`)
    expect(screen.getByTestId('pin-assigned')).toHaveTextContent(`PIN 95165371 assigned to ${second}.`)
  })

  it('Cards → Assign to a person…: the confirm line and “Card given to …”', async () => {
    const main = cardsMain(range(1, 3))
    main.state.people = users
    render(ActionAnnouncer)
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.done(main.state.held)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
    cardsStore.selectAt(1)
    const details = await screen.findByRole('complementary', { name: 'Card details' })
    await fireEvent.click(within(details).getByRole('button', { name: 'Assign to a person…' }))
    await fireEvent.input(within(details).getByLabelText('Give this card to'), { target: { value: 'Ben Ng' } })
    await pickResult(details, 'option', 'ID 3718bd3b')
    expect(within(details).getByTestId('picked')).toHaveTextContent(`To ${second} (user)`)
    await fireEvent.click(within(details).getByRole('button', { name: 'Give the card' }))
    await waitFor(() => expect(screen.getByTestId('card-saved-note')).toHaveTextContent(`Card given to ${second}.`))
    // The card went to that Ben Ng, not to another of the six.
    expect(main.state.held[1]!.user_id).toBe(benNg[1]!.id)
  })

  it('Enroll: the confirm line and “Card … now belongs to …”', async () => {
    const { bridge } = scriptedBridge({
      'users.search': () => ({ ok: true, result: { items: users, total: users.length } }),
      'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } })
    })
    setApiForTests(bridge)
    const given: OwnerRef[] = []
    const view = render(AssignCard, {
      cardId: '100042',
      assigning: false,
      assignedTo: null,
      error: null,
      pendingOwner: null,
      onassign: (owner: OwnerRef) => void given.push(owner)
    })
    await fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'Ben Ng' } })
    await pickResult(document.body, 'option', 'ID 3718bd3b')
    expect(screen.getByTestId('picked')).toHaveTextContent(`To ${second} (user)`)
    await fireEvent.click(screen.getByRole('button', { name: 'Give the card' }))
    expect(given.map((o) => o.id)).toEqual([benNg[1]!.id])
    // The store holds the owner given as picked (stores/enroll `assignedTo`), and the line names them so.
    await view.rerender({ assignedTo: given[0]! })
    expect(screen.getByTestId('assigned-to')).toHaveTextContent(`Card 100042 now belongs to ${second} (user).`)
  })

  it('Touch Passes → Assign to a user…: the confirm line and “Pass given to …”', async () => {
    const pass = passOf('7', 'SUSPENDED')
    const sent: unknown[] = []
    const { bridge } = scriptedBridge({
      'users.search': () => ({ ok: true, result: { items: users, total: users.length } }),
      'touchPasses.assign': (input) => (
        sent.push(input),
        { ok: true, result: { ...pass, user_id: benNg[1]!.id, user_name: 'Ben Ng' } }
      )
    })
    setApiForTests(bridge)
    render(ActionAnnouncer)
    render(TouchPassDetails, { pass })
    await fireEvent.click(screen.getByRole('button', { name: 'Assign to a user…' }))
    const dialog = screen.getByRole('dialog')
    await fireEvent.input(within(dialog).getByLabelText('Find a user'), { target: { value: 'Ben Ng' } })
    await pickResult(dialog, 'button', 'ID 3718bd3b')
    expect(within(dialog).getByTestId('pass-assign-chosen')).toHaveTextContent(`To ${second}`)
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Give the pass' }))
    await said(`Pass given to ${second}`)
    expect(sent).toEqual([expect.objectContaining({ userId: benNg[1]!.id })])
  })

  it('Touch Passes → Give passes to users…: each picked named apart, Remove buttons apart, a second pick said', async () => {
    const { bridge } = scriptedBridge({
      'touchPasses.assignable': () => ({
        ok: true,
        result: { items: [passOf('1', 'INACTIVE'), passOf('2', 'INACTIVE')] }
      }),
      'users.search': () => ({ ok: true, result: { items: users, total: users.length } })
    })
    setApiForTests(bridge)
    render(ActionAnnouncer)
    render(AssignManyDialog, { onclose: vi.fn(), ondone: vi.fn() })
    const field = screen.getByLabelText('Add a user')
    await fireEvent.input(field, { target: { value: 'Ben Ng' } })
    await pickResult(document.body, 'button', 'ID 3718bd3b')
    await pickResult(document.body, 'button', 'ID 5e2a9c01')

    const chosen = screen.getByTestId('chosen-users')
    const lines = within(chosen)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('span')!.textContent!.replace(/\s+/g, ' ').trim())
    expect(lines).toEqual([second, third])
    // No two buttons share a name: each Remove names the one it removes.
    const removes = within(chosen)
      .getAllByRole('button')
      .map((b) => b.textContent!.replace(/\s+/g, ' ').trim())
    expect(removes).toEqual([`Remove ${second}`, `Remove ${third}`])

    // One already picked is marked in the results, and a second pick says so (nothing added).
    const found = screen.getByTestId('users-found')
    const row = within(found)
      .getAllByRole('button')
      .find((b) => b.textContent!.includes('ID 3718bd3b'))!
    expect(row).toHaveTextContent('already picked')
    row.focus()
    await fireEvent.click(row)
    await said(`${second} is already picked: find another user, or remove them below.`)
    expect(document.activeElement).toBe(row)
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2)
  })
})
