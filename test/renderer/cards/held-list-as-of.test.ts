import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import type { Envelope } from '../../../src/shared/ipc/define'
import { cardsMain, range } from './cards-main'

afterEach(() => cardsStore.reset())

/**
 * A refresh that failed keeps the list read before on screen (main keeps it): its count says when that
 * list was read, not "N of N cards" as if the console had just answered (a walk saw "4,118 of 4,118 cards"
 * under "Not available…" with nothing saying the list was old).
 */
describe('the card list held after a failed refresh', () => {
  it('says it is the list as read at its time, and not read again now', async () => {
    const main = cardsMain(range(1, 3), { answerAtOnce: true })
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
    expect(screen.getByTestId('card-count')).not.toHaveTextContent('as read at')

    const answers = main.answers as Record<string, () => Envelope>
    answers['cards.load'] = () => ({
      ok: false,
      error: { kind: 'network', message: 'Could not reach the console: no answer.', retryable: true }
    })
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent(/3 of 3 cards — as read at \d/))
    expect(screen.getByTestId('card-count')).toHaveTextContent('not read again now')
  })
})
