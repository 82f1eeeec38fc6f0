import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import type { Envelope } from '../../../src/shared/ipc/define'
import { ok } from '../enroll/event-bridge'
import { card, cardsMain } from './cards-main'

afterEach(() => cardsStore.reset())

/**
 * Main reads the card again before it writes an alias; another desk's alias found then is answered as a
 * conflict, and main keeps the card as it read it. The row behind the dialog shows that alias too: the
 * list never says the old alias while the dialog says the console holds another.
 */
describe('an alias conflict', () => {
  it("shows the console's alias in the card's row while the dialog is open", async () => {
    const main = cardsMain([card(1, 'Lobby 1'), card(2, 'Lobby 2')], { answerAtOnce: true })
    ;(main.answers as Record<string, () => Envelope>)['cards.rename'] = () => {
      // What main read for the dialog, and now holds.
      main.state.held = main.state.held.map((c) => (c.token === 'tok-2' ? { ...c, alias: 'Desk2 name' } : c))
      return ok({ outcome: 'conflicts', conflicts: [{ field: 'alias', yours: 'Dock 2', theirs: 'Desk2 name' }] })
    }
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 of 2 cards'))
    cardsStore.selectAt(1)
    const details = await screen.findByRole('complementary', { name: 'Card details' })
    await fireEvent.input(within(details).getByLabelText('Alias'), { target: { value: 'Dock 2' } })
    await fireEvent.click(within(details).getByRole('button', { name: 'Save alias' }))

    await screen.findByRole('dialog', { name: 'Changed on the console while you were editing' })
    await waitFor(() => expect(cardsStore.rowAt(1)?.alias).toBe('Desk2 name'))
    // What was typed stays in the field, for the choice the dialog asks.
    expect(within(details).getByLabelText('Alias')).toHaveValue('Dock 2')
  })
})
