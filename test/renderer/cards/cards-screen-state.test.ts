import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import CardDetails from '../../../src/renderer/src/components/cards/CardDetails.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import { cardsMain } from './cards-main'

const card = (n: number, status: NfcCard['status'] = 'pending'): NfcCard => ({
  token: `tok-${n}`,
  display_id: String(n).padStart(4, '0'),
  status,
  alias: `Card ${n}`,
  card_type: 'ua_card',
  user_id: '',
  user_type: '',
  user: null
})

/** Main holding `cards`: each load completes at once with what it holds then. */
const consoleWith = (cards: NfcCard[]) => cardsMain(cards, { answerAtOnce: true })

afterEach(() => cardsStore.reset())
describe('Cards after writes made elsewhere, after a delete, and in words', () => {
  it('a write announced while Cards is away: the list is fetched again when Cards is shown', async () => {
    const { state, emit, calls } = consoleWith([card(1, 'assigned'), card(2)])
    const first = render(CardsScreen)
    expect(await screen.findByText('2 of 2 cards')).toBeInTheDocument()
    first.unmount()

    state.held = [...state.held, card(3), card(4)]
    emit('cards.stale', { what: 'importUpload', at: Date.now() })
    render(CardsScreen)
    expect(await screen.findByText('4 of 4 cards')).toBeInTheDocument()
    expect(calls.filter(([c]) => c === 'cards.load').at(-1)![1]).toMatchObject({ refresh: true })
    expect(screen.queryByTestId('cards-stale')).toBeNull()
  })

  it('a write announced while Cards is on screen: says so, and Refresh fetches', async () => {
    const { state, emit } = consoleWith([card(1)])
    render(CardsScreen)
    expect(await screen.findByText('1 of 1 cards')).toBeInTheDocument()
    state.held = [...state.held, card(2)]
    emit('cards.stale', { what: 'visitorCard', at: Date.now() })
    const note = await screen.findByTestId('cards-stale')
    expect(note).toHaveTextContent('This list may be out of date since a card given to a visitor')
    await fireEvent.click(within(note).getByRole('button', { name: 'Refresh' }))
    expect(await screen.findByText('2 of 2 cards')).toBeInTheDocument()
    expect(screen.queryByTestId('cards-stale')).toBeNull()
  })

  it('a German desk says why the list may be out of date in German: main names the writer, never in English', async () => {
    deskLanguage.choose('de')
    try {
      const { emit } = consoleWith([card(1)])
      render(CardsScreen)
      await waitFor(() => expect(cardsStore.loaded).toBe(true))
      emit('cards.stale', { what: 'enrollAssign', at: Date.now() })
      const note = await screen.findByTestId('cards-stale')
      await waitFor(() =>
        expect(note).toHaveTextContent(/^Diese Liste ist seit einer unter „Einlesen“ vergebenen Karte \(/)
      )
      expect(note).not.toHaveTextContent(/given|Enroll/)
    } finally {
      deskLanguage.choose(null)
    }
  })

  it('a delete says which card went; statuses and types are words', async () => {
    consoleWith([card(1, 'assigned'), card(2, 'disable'), card(3, 'loss'), card(5, 'deleted')])
    render(CardsScreen)
    expect(await screen.findByText('4 of 4 cards')).toBeInTheDocument()
    const options = within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toContain('Deleted, still listed by the console (1)')

    await cardsStore.remove('tok-2')
    expect(await screen.findByTestId('cards-notice')).toHaveTextContent(
      'Card 0002 deleted: the console no longer has it.'
    )
    expect(screen.getByText('3 of 3 cards')).toBeInTheDocument()
  })

  it('card details: status and type in words, the console’s type code under its own label, a plain NFC ID note', () => {
    const noop = async () => undefined
    render(CardDetails, {
      card: { ...card(2, 'disable'), display_id: 'Lobby guest 2' } as never,
      canEdit: true,
      onrename: async () => ({ outcome: 'saved' as const, record: card(2), sent: [] }),
      ondelete: () => undefined,
      onassign: noop,
      onunassign: noop
    })
    const details = screen.getByRole('complementary', { name: 'Card details' })
    const term = (label: string) => within(details).getByText(label, { selector: 'dt' }).nextElementSibling
    expect(term('Status')).toHaveTextContent(/^Disabled$/)
    expect(term('Type')).toHaveTextContent(/^UniFi Access card$/)
    expect(term('Console type code')).toHaveTextContent(/^ua_card$/)
    expect(term('NFC ID')).toHaveTextContent("The console does not give out this card's NFC ID")
  })
})
