import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { cardsMain, range } from '../cards/cards-main'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'
import { AppError } from '../../../src/shared/errors'
import { checkSeen, seenActions, type Seen, type SeenAction } from '../../../src/shared/seen/seen'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true
  }
})
afterEach(() => {
  cleanup()
  cardsStore.reset()
})

const heldBy = (card: NfcCard, id: string, name: string): NfcCard => ({
  ...card,
  status: 'assigned',
  user_id: id,
  user_type: 'USER',
  user: { id, name }
})
const announcement = () => screen.getByTestId('action-announcer')
/** A press as a browser makes it: the button takes the focus, then the click (fireEvent.click alone leaves it). */
async function press(button: HTMLElement) {
  button.focus()
  await fireEvent.click(button)
}

/** The Cards screen, card 0002 selected as `shown`; `main.state.held` is what the console holds. */
async function cardsShowing(shown: NfcCard) {
  const cards = range(1, 3)
  cards[1] = shown
  const main = cardsMain(cards)
  main.state.people = [{ id: 'u-ben', first_name: 'Ben', last_name: 'Ode', full_name: 'Ben Ode' }]
  render(ActionAnnouncer)
  render(CardsScreen)
  await waitFor(() => expect(main.loads).toHaveLength(1))
  main.done(main.state.held)
  await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
  cardsStore.selectAt(1)
  const details = await screen.findByRole('complementary', { name: 'Card details' })
  /** Another desk gives the card to Uma Ng. */
  const otherDeskGivesUma = () =>
    (main.state.held = main.state.held.map((c) => (c.token === 'tok-2' ? heldBy(c, 'u-uma', 'Uma Ng') : c)))
  const sent = (channel: string) => main.calls.filter(([c]) => c === channel).map(([, input]) => input)
  return { main, details, otherDeskGivesUma, sent }
}

/** The question asked again: the change said above it (once), the focus on its safe answer. */
async function askedAgain(dialog: HTMLElement, words: RegExp) {
  expect(await within(dialog).findByTestId('changed-since-shown')).toHaveTextContent(words)
  await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })))
  await waitFor(() => expect(announcement()).toHaveTextContent(words))
}

/**
 * Every action of shared/seen's table, confirmed on what the screen showed while another desk changed
 * the record: main (its own rule, checkSeen) sends nothing, and the screen asks again with the facts now.
 */
const cases: Record<SeenAction, () => Promise<void>> = {
  'cards.unassign': async () => {
    const { main, details, otherDeskGivesUma, sent } = await cardsShowing(heldBy(range(2, 2)[0]!, 'u-gus', 'Gus Ng'))
    await fireEvent.click(within(details).getByRole('button', { name: 'Unassign from Gus Ng…' }))
    otherDeskGivesUma()
    let dialog = screen.getByRole('dialog', { name: 'Take card 0002 back from Gus Ng?' })
    await press(within(dialog).getByRole('button', { name: 'Take the card back' }))
    dialog = await screen.findByRole('dialog', { name: 'Take card 0002 back from Uma Ng?' })
    await askedAgain(dialog, /Card 0002 belongs to Uma Ng now .*nothing was sent/)
    expect(main.state.held[1]).toMatchObject({ user_id: 'u-uma' })
    expect(within(details).getByTestId('card-owner')).toHaveTextContent('Uma Ng')
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Take the card back' }))
    await waitFor(() => expect(main.state.held[1]).toMatchObject({ user_id: '', status: 'pending' }))
    expect(sent('cards.unassign')).toEqual([
      { token: 'tok-2', seen: { ownerId: 'u-gus' } },
      { token: 'tok-2', seen: { ownerId: 'u-uma' } }
    ])
  },
  'cards.delete': async () => {
    const { main, details, otherDeskGivesUma, sent } = await cardsShowing(range(2, 2)[0]!)
    await fireEvent.click(within(details).getByRole('button', { name: 'Delete card…' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete card 0002?' })
    expect(dialog).toHaveTextContent('It is a spare card')
    otherDeskGivesUma()
    await press(within(dialog).getByRole('button', { name: 'Delete card' }))
    await askedAgain(dialog, /Card 0002 belongs to Uma Ng now .*nothing was sent/)
    // Its words now say who loses access.
    expect(within(dialog).getByTestId('delete-card-effect')).toHaveTextContent('It belongs to Uma Ng (user)')
    expect(main.state.held.map((c) => c.token)).toContain('tok-2')
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Delete card' }))
    await waitFor(() => expect(main.state.held.map((c) => c.token)).not.toContain('tok-2'))
    // Said and shown above the list, the keyboard on the filter.
    expect(await screen.findByTestId('cards-notice')).toHaveTextContent('Card 0002 deleted')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Filter cards')))
    expect(sent('cards.delete')).toEqual([
      { token: 'tok-2', seen: { ownerId: null } },
      { token: 'tok-2', seen: { ownerId: 'u-uma' } }
    ])
  },
  'cards.assign': async () => {
    const { main, details, otherDeskGivesUma, sent } = await cardsShowing(range(2, 2)[0]!)
    await fireEvent.click(within(details).getByRole('button', { name: 'Assign to a person…' }))
    await fireEvent.input(within(details).getByLabelText('Give this card to'), { target: { value: 'ben' } })
    await fireEvent.click(await within(details).findByRole('option', { name: /Ben Ode/ }))
    otherDeskGivesUma()
    await press(within(details).getByRole('button', { name: 'Give the card' }))
    // Asked again as every re-ask: who gets the card, and who holds it now.
    const dialog = await screen.findByRole('dialog', { name: 'Give card 0002 to Ben Ode instead of Uma Ng?' })
    await askedAgain(dialog, /Card 0002 belongs to Uma Ng now .*nothing was sent/)
    expect(within(details).getByTestId('card-owner')).toHaveTextContent('Uma Ng')
    expect(main.state.held[1]).toMatchObject({ user_id: 'u-uma' })
    await press(within(dialog).getByRole('button', { name: 'Give it to Ben Ode' }))
    await waitFor(() => expect(main.state.held[1]).toMatchObject({ user_id: 'u-ben' }))
    expect(sent('cards.assign')).toEqual([
      expect.objectContaining({ force: false, seen: { ownerId: null } }),
      expect.objectContaining({ force: true, seen: { ownerId: 'u-uma' } })
    ])
  },
  'pins.assign': async () => {
    const diego = { id: 'u-diego', first_name: 'Diego', last_name: 'Paz', full_name: 'Diego Paz' }
    let holds = false
    const { bridge, calls } = scriptedBridge({
      'pins.generate': () => ({ ok: true, result: { pin: '48152637' } }),
      'users.search': () => ({ ok: true, result: { items: [diego], total: 1 } }),
      'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
      'pins.held': () => ({ ok: true, result: { held: holds } }),
      'pins.assign': (input) => {
        try {
          checkSeen('pins.assign', (input as { seen?: Seen }).seen, { hasPin: holds, name: 'Diego Paz' })
        } catch (err) {
          return { ok: false, error: AppError.from(err).toData() }
        }
        holds = true
        return { ok: true, result: { assigned: true } }
      }
    })
    setApiForTests(bridge)
    render(ActionAnnouncer)
    render(PinsScreen)
    await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
    await screen.findByTestId('generated-pin')
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Find a user or visitor' }), {
      target: { value: 'Diego' }
    })
    await fireEvent.click(await screen.findByRole('option', { name: /Diego Paz/ }, { timeout: 2000 }))
    await screen.findByText('Diego Paz has no PIN yet.')
    holds = true // another desk gives Diego a PIN
    await press(screen.getByRole('button', { name: 'Assign PIN' }))
    const dialog = await screen.findByRole('dialog', { name: 'Replace Diego Paz’s PIN?' })
    await askedAgain(dialog, /Diego Paz holds a PIN now .*nothing was sent/)
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Replace the PIN' }))
    expect(await screen.findByText(/PIN 48152637 assigned to Diego Paz/)).toBeInTheDocument()
    expect(calls.filter(([c]) => c === 'pins.assign').map(([, input]) => (input as { seen: Seen }).seen)).toEqual([
      { hasPin: false },
      { hasPin: true }
    ])
  }
}

describe('an action on what the screen showed: changed meanwhile, it is asked again with the facts now', () => {
  for (const action of Object.keys(seenActions) as SeenAction[]) {
    it(action, async () => {
      await cases[action]()
    })
  }
})
