import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { consoleCardNumber } from '../../../src/shared/nfc/card-number'
import { card, cardsMain } from './cards-main'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'

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
      'No card that shows an NFC ID has this one. The console does not give out the NFC ID of 2 cards, so they could not be compared: look for the card by its alias or owner.'
    )
    // A filter that is no NFC ID keeps the plain words.
    await fireEvent.input(filter, { target: { value: 'nobody' } })
    await waitFor(() => expect(screen.getByTestId('cards-no-match')).toHaveTextContent('No card matches this filter.'))
    // The card that has a UID is found by it.
    await fireEvent.input(filter, { target: { value: '04a23b1c' } })
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('1 of 3 cards'))
    expect(screen.queryByTestId('cards-no-match')).toBeNull()
  })

  it('says nothing is missing while the rest of the cards is still being read', async () => {
    const main = cardsMain()
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.part(0, [{ ...card(2), display_id: '100005' }])
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('1 cards read so far'))
    await fireEvent.input(screen.getByLabelText('Filter cards'), { target: { value: '04:99:88:77' } })
    const note = await screen.findByTestId('cards-no-match')
    await waitFor(() =>
      expect(note).toHaveTextContent('No card read so far matches; the rest are still being read from the console…')
    )
    expect(note).not.toHaveTextContent('No card that shows an NFC ID')
    // Once every card is in, the words of a search that found nothing.
    main.done([{ ...card(2), display_id: '100005' }, byUid(1, '04A23B1C')])
    await waitFor(() =>
      expect(note).toHaveTextContent(
        /No card that shows an NFC ID has this one\. The console does not give out the NFC ID of 1 card,/
      )
    )
  })
})

describe('an NFC ID no card has, on a German desk', () => {
  afterEach(() => deskLanguage.choose(null))

  it('says which cards could not be compared with it in German (lib/card-no-match.ts, from the common catalogue)', async () => {
    deskLanguage.choose('de')
    const main = cardsMain([
      byUid(1, '04A23B1C'),
      { ...card(2), display_id: '100005' },
      { ...card(3), display_id: '100006' }
    ])
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.done(main.state.held)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 von 3 Karten'), { timeout: 5000 })
    const filter = screen.getByLabelText('Karten filtern')
    await fireEvent.input(filter, { target: { value: '04:99:88:77' } })
    expect(await screen.findByTestId('cards-no-match')).toHaveTextContent(
      'Keine Karte, die eine NFC-ID zeigt, hat diese. Die Konsole gibt die NFC-ID von 2 Karten nicht heraus, daher konnten sie nicht verglichen werden: Suchen Sie die Karte über ihren Alias oder ihren Inhaber.'
    )
  })
})
