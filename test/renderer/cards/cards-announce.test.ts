import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { cardsMain, range } from './cards-main'

beforeEach(() => {
  // jsdom has no modal dialogs: opening one is all the delete dialog needs here.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true
  }
})
afterEach(() => cardsStore.reset())

const announcement = () => screen.getByTestId('action-announcer')

/** The live region says `words`, and the focus is on `where` (never the page body). */
async function said(words: string, where: () => HTMLElement) {
  await waitFor(() => expect(announcement()).toHaveTextContent(words))
  expect(document.activeElement).not.toBe(document.body)
  expect(document.activeElement).toBe(where())
}

describe('every Cards action says what it did, once, in the app’s one live region', () => {
  it('alias saved, card given, card taken back, cards read again, card deleted; the focus goes on', async () => {
    const main = cardsMain(range(1, 3))
    main.state.people = [{ id: 'u-ana', first_name: 'Ana', last_name: 'Ruiz', full_name: 'Ana Ruiz' }]
    render(ActionAnnouncer)
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.done(main.state.held)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
    cardsStore.selectAt(1)
    const details = await screen.findByRole('complementary', { name: 'Card details' })

    // Alias: the field keeps the focus (Save is disabled once nothing is left to save).
    const alias = within(details).getByLabelText('Alias')
    await fireEvent.input(alias, { target: { value: 'Front desk' } })
    await fireEvent.click(within(details).getByRole('button', { name: 'Save alias' }))
    await said('Alias saved.', () => within(details).getByLabelText('Alias'))
    expect(main.state.held[1]!.alias).toBe('Front desk')
    // Shown in the details too, but not as a second live region.
    expect(screen.getByTestId('card-saved-note')).not.toHaveAttribute('role')

    // "Assign to a person…": the next step is finding the person, so the focus is in the search (not the
    // screen's heading). Given: the focus is on the result, the card's owner as the details now say.
    await fireEvent.click(within(details).getByRole('button', { name: 'Assign to a person…' }))
    await waitFor(() => expect(document.activeElement).toBe(within(details).getByLabelText('Give this card to')))
    await fireEvent.input(within(details).getByLabelText('Give this card to'), { target: { value: 'ana' } })
    await fireEvent.click(await within(details).findByRole('option', { name: /Ana Ruiz/ }))
    // Picked: said once, the focus on the button that sends.
    await said('To Ana Ruiz (user)', () => within(details).getByRole('button', { name: 'Give the card' }))
    expect(main.state.held[1]).toMatchObject({ status: 'pending' })
    await fireEvent.click(within(details).getByRole('button', { name: 'Give the card' }))
    await said('Card given to Ana Ruiz.', () => within(details).getByTestId('card-owner'))
    expect(document.activeElement).toHaveTextContent('Ana Ruiz (user)')
    expect(main.state.held[1]).toMatchObject({ status: 'assigned', user_id: 'u-ana' })

    // Asked first (the app's one confirmation); taken back, the focus is on the next step.
    await fireEvent.click(within(details).getByRole('button', { name: 'Take back from Ana Ruiz…' }))
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Take the card back' }))
    await said('Card 0002 taken back from Ana Ruiz; it stays in the inventory.', () =>
      within(details).getByRole('button', { name: 'Assign to a person…' })
    )
    expect(main.state.held[1]).toMatchObject({ status: 'pending', user_id: '' })

    // Refresh is disabled while the cards are read: it has the focus again once they are.
    const refresh = screen.getByRole('button', { name: 'Refresh' })
    refresh.focus()
    await fireEvent.click(refresh)
    await waitFor(() => expect(main.loads).toHaveLength(2))
    main.done(range(1, 3))
    await said('Cards read again: 3 cards', () => screen.getByRole('button', { name: 'Refresh' }))

    // Deleted: the dialog and the details go; the keyboard goes on from the filter.
    await fireEvent.click(within(details).getByRole('button', { name: 'Delete card…' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Delete card' }))
    await said('Card 0002 deleted: the console no longer has it.', () => screen.getByLabelText('Filter cards'))
    expect(main.state.held.map((c) => c.display_id)).toEqual(['0001', '0003'])
    expect(screen.getByTestId('cards-notice')).not.toHaveAttribute('role')
  })
})
