import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import type { Envelope } from '../../../src/shared/ipc/define'
import { ok } from '../enroll/event-bridge'
import { card, cardsMain, range } from './cards-main'

afterEach(() => cardsStore.reset())

/** Card 2 as another desk left it: given to Zoe Ng. */
const givenToZoe = (spare: NfcCard): NfcCard => ({
  ...spare,
  status: 'assigned',
  user_id: 'zoe',
  user_type: 'USER',
  user: { id: 'zoe', first_name: 'Zoe', last_name: 'Ng' }
})

/**
 * Main holds the card list for every tab (a reload, a second tab of web mode). A tab that opens Cards
 * is shown that list at once, said as of when main read it, and reads it again behind it: an owner
 * another desk set after main's read is what the details show, never the spare main held.
 */
describe('a tab that opens Cards over the list main held from before', () => {
  it('says the held list as read then, reads it again, and shows the owner another desk set since', async () => {
    const main = cardsMain(range(1, 3))
    const readBefore = Date.now() - 120_000
    // Main read the list for an earlier tab; then another desk gave card 2 to Zoe Ng on the console.
    const console_ = main.state.held.map((c) => (c.token === 'tok-2' ? givenToZoe(c) : c))
    let reads = 0
    ;(main.answers as Record<string, (input: unknown) => Envelope>)['cards.load'] = (input) => {
      if (!(input as { refresh?: boolean }).refresh) return ok({ fetchedAt: readBefore, total: 3 })
      reads++
      main.state.held = console_
      return ok({ fetchedAt: Date.now(), total: 3 })
    }
    render(CardsScreen)
    cardsStore.selectAt(1)
    const details = await screen.findByRole('complementary', { name: 'Card details' })

    // The console read again for this tab: the owner shown is the one it holds now.
    await waitFor(() => expect(within(details).getByTestId('card-owner')).toHaveTextContent('Zoe Ng'))
    expect(reads).toBe(1)
    expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards')
    expect(screen.getByTestId('card-count')).not.toHaveTextContent('as read at')
  })

  it('says the held list "as read at …" until the new read lands', async () => {
    const main = cardsMain(range(1, 3))
    const readBefore = Date.now() - 120_000
    let answerRead: (() => void) | undefined
    ;(main.answers as Record<string, (input: unknown) => Envelope | Promise<Envelope>>)['cards.load'] = (input) => {
      if (!(input as { refresh?: boolean }).refresh) return ok({ fetchedAt: readBefore, total: 3 })
      return new Promise<Envelope>((resolve) => {
        answerRead = () => {
          main.state.held = [card(1), givenToZoe(card(2)), card(3)]
          resolve(ok({ fetchedAt: Date.now(), total: 3 }))
        }
      })
    }
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent(/3 of 3 cards — as read at \d/))
    expect(screen.getByTestId('cards-loading')).toBeInTheDocument()
    await waitFor(() => expect(answerRead).toBeDefined())
    answerRead!()
    await waitFor(() => expect(screen.getByTestId('card-count')).not.toHaveTextContent('as read at'))
    expect(cardsStore.rowAt(1)?.user_id).toBe('zoe')
  })
})
