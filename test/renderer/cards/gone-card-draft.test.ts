import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { announcer, keepFocus } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { aliasDrafts, cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import type { Envelope } from '../../../src/shared/ipc/define'
import { cardsMain, range } from './cards-main'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'

/**
 * Typing kept for a card the console no longer has (deleted by another desk) is never a dead end: the
 * save or a read that finds it gone turns its "Not saved yet" entry into what was typed, with Copy and
 * Discard — no link that opens nothing (lib/record-drafts `gone`).
 */
const gone = (token: string): Envelope =>
  ({
    ok: false,
    error: {
      kind: 'not-found',
      code: 'CARD_GONE',
      message: `Card ${token} is no longer on the console (deleted here or by another desk).`,
      retryable: false
    }
  }) as Envelope

let writeText: ReturnType<typeof vi.fn>
let stopFocus: () => void
beforeEach(() => {
  writeText = vi.fn(async () => undefined)
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  stopFocus = keepFocus()
})
afterEach(async () => {
  await deskLanguage.choose(null)
  stopFocus()
  cardsStore.reset()
  aliasDrafts.clear()
})

async function cardsOnScreen() {
  const main = cardsMain(range(1, 3))
  // As main answers: a card it does not hold is gone from the console.
  main.answers['cards.get'] = (input) => {
    const token = (input as { token: string }).token
    const held = main.state.held.find((c) => c.token === token)
    return held ? ({ ok: true, result: held } as Envelope) : gone(token)
  }
  render(ActionAnnouncer)
  render(CardsScreen)
  await waitFor(() => expect(main.loads).toHaveLength(1))
  main.done(main.state.held)
  await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
  cardsStore.selectAt(1)
  const details = await screen.findByRole('complementary', { name: 'Card details' })
  return { main, details }
}

describe('typing kept for a card another desk deleted', () => {
  it('a save answered gone lists what was typed with Copy and Discard, never a link; Copy hands the focus to Discard', async () => {
    const { main, details } = await cardsOnScreen()
    main.answers['cards.rename'] = () => {
      main.state.held = main.state.held.filter((c) => c.token !== 'tok-2')
      return gone('0002')
    }
    await fireEvent.input(within(details).getByLabelText('Alias'), { target: { value: 'Kofi unsaved' } })
    await fireEvent.click(within(details).getByRole('button', { name: 'Save alias' }))
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Card details' })).toBeNull())

    const kept = await screen.findByTestId('unsaved-drafts')
    expect(within(kept).getByTestId('draft-gone')).toHaveTextContent(
      'Card 0002 is no longer on the console: what you typed: “Kofi unsaved”'
    )
    // No way to open a card that is not there.
    expect(within(kept).queryByRole('button', { name: /^Card 0002/ })).toBeNull()

    await fireEvent.click(within(kept).getByRole('button', { name: 'Copy what you typed for Card 0002' }))
    expect(writeText).toHaveBeenCalledWith('Kofi unsaved')
    const discard = within(kept).getByRole('button', { name: 'Discard what you typed for Card 0002' })
    await waitFor(() => expect(discard).toHaveFocus())
    await waitFor(() => expect(announcer.message).toBe('Copied'))

    await fireEvent.click(discard)
    await waitFor(() => expect(screen.queryByTestId('unsaved-drafts')).toBeNull())
    await waitFor(() => expect(announcer.message).toBe('Discarded what you typed for Card 0002.'))
    expect(aliasDrafts.list()).toEqual([])
    // The focus is kept on the screen, never left on the page body.
    await waitFor(() => expect(document.activeElement).not.toBe(document.body))
  })

  it('a card left with typing and deleted meanwhile: the next read (Refresh) finds it gone and says so', async () => {
    const { main, details } = await cardsOnScreen()
    await fireEvent.input(within(details).getByLabelText('Alias'), { target: { value: 'Kofi unsaved' } })
    cardsStore.selectAt(2)
    const kept = await screen.findByTestId('unsaved-drafts')
    expect(within(kept).getByRole('button', { name: /^Card 0002: alias “Kofi unsaved”/ })).toBeInTheDocument()

    // Another desk deletes card 0002; this desk reads the list again.
    main.state.held = main.state.held.filter((c) => c.token !== 'tok-2')
    void cardsStore.load(true)
    await waitFor(() => expect(main.loads).toHaveLength(2))
    main.done(main.state.held)
    await waitFor(() =>
      expect(within(screen.getByTestId('unsaved-drafts')).getByTestId('draft-gone')).toHaveTextContent(
        'Card 0002 is no longer on the console: what you typed: “Kofi unsaved”'
      )
    )
    expect(screen.queryByRole('button', { name: /^Card 0002: alias/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Discard what you typed for Card 0002' })).toBeInTheDocument()
  })

  it('names the card in the desk’s language when shown, not the one it was typed in (a switch to German after)', async () => {
    const { main, details } = await cardsOnScreen()
    main.answers['cards.rename'] = () => {
      main.state.held = main.state.held.filter((c) => c.token !== 'tok-2')
      return gone('0002')
    }
    await fireEvent.input(within(details).getByLabelText('Alias'), { target: { value: 'Spare twenty' } })
    await fireEvent.click(within(details).getByRole('button', { name: 'Save alias' }))
    const kept = await screen.findByTestId('unsaved-drafts')
    await waitFor(() => expect(within(kept).getByTestId('draft-gone')).toHaveTextContent(/^Card 0002 is no longer/))

    await deskLanguage.choose('de')
    await waitFor(() =>
      expect(within(screen.getByTestId('unsaved-drafts')).getByTestId('draft-gone')).toHaveTextContent(
        'Karte 0002 ist nicht mehr auf der Konsole: Ihre Eingabe: „Spare twenty“'
      )
    )
    expect(screen.getByRole('button', { name: 'Verwerfen: Ihre Eingabe für Karte 0002' })).toBeInTheDocument()
  })
})
