import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { consoleCardNumber } from '../../../src/shared/nfc/card-number'
import { card, cardsMain } from './cards-main'

afterEach(() => cardsStore.reset())

const byUid = (n: number, hex: string) => ({ ...card(n), display_id: consoleCardNumber(hex) })

describe('an NFC ID typed in the Cards filter that no card has', () => {
  it('says which cards could not be compared with it, and how to find the card instead', async () => {
    // One card numbered by its UID, two by the console's own numbers (no NFC ID on their records).
    const main = cardsMain([
      byUid(1, '04A23B1C'),
      { ...card(2), display_id: '100005' },
      { ...card(3), display_id: '100006' }
    ])
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.done(main.state.held)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
    const filter = screen.getByLabelText('Filter cards')
    await fireEvent.input(filter, { target: { value: '04:99:88:77' } })
    expect(await screen.findByTestId('cards-no-match')).toHaveTextContent(
      "No card has this NFC ID. 2 cards' numbers are not NFC IDs, so they could not be compared with it: look for the card by its alias or owner."
    )
    // A filter that is no NFC ID keeps the plain words.
    await fireEvent.input(filter, { target: { value: 'nobody' } })
    await waitFor(() => expect(screen.getByTestId('cards-no-match')).toHaveTextContent('No card matches this filter.'))
    // The card that has a UID is found by it.
    await fireEvent.input(filter, { target: { value: '04a23b1c' } })
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('1 of 3 cards'))
    expect(screen.queryByTestId('cards-no-match')).toBeNull()
  })
})
