import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import { card, cardsMain } from './cards-main'

afterEach(() => cardsStore.reset())

/** A card held by one of two people named Jun Ng. */
const heldBy = (n: number, userId: string): NfcCard => ({
  ...card(n),
  status: 'assigned',
  user_id: userId,
  user_type: 'USER',
  user: { id: userId, first_name: 'Jun', last_name: 'Ng' }
})

describe('Cards opened on one person (Consoles → Find → Open)', () => {
  it('shows that person’s cards alone, names them with what tells them apart, and Show every card goes back', async () => {
    const main = cardsMain([heldBy(1, 'jun-1'), heldBy(2, 'jun-2'), heldBy(3, 'jun-1'), card(4)], {
      answerAtOnce: true
    })
    cardsStore.owner = { id: 'jun-1', name: 'Jun Ng', detail: 'jun.ng@example.com · employee E0042' }
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 of 4 cards'))
    expect(screen.getByTestId('cards-owner')).toHaveTextContent(
      'Only the cards of Jun Ng (jun.ng@example.com · employee E0042).'
    )
    expect(cardsStore.view.rows.map((c) => c.token)).toEqual(['tok-1', 'tok-3'])
    await fireEvent.click(screen.getByRole('button', { name: 'Show every card' }))
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('4 of 4 cards'))
    expect(screen.queryByTestId('cards-owner')).toBeNull()
    expect(main.calls.filter(([c]) => c === 'cards.view').at(-1)?.[1]).not.toHaveProperty('owner')
  })
})
