import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { cardsMain, range } from './cards-main'

afterEach(() => cardsStore.reset())

/** Every number in a piece of the screen, as written ("1,000" → 1000). */
const numbers = (text: string | null | undefined) =>
  (text?.match(/\d[\d,]*/g) ?? []).map((n) => Number(n.replace(/,/g, '')))

describe('the cards read so far while the first load goes on', () => {
  it('are counted in one place: main’s progress ahead of the rows does not put a second count on screen', async () => {
    const main = cardsMain()
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.part(0, range(1, 3))
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 cards read so far'))
    // Main has read more pages than the rows on screen were asked from (progress comes every page).
    main.emit('cards.progress', { loaded: 1000, total: 20000 })
    await waitFor(() => expect(cardsStore.progress).toEqual({ loaded: 1000, total: 20000 }))
    expect(screen.getByTestId('card-count')).toHaveTextContent('3 cards read so far')
    // The status says what is happening, with no count of its own to disagree with the one above.
    const status = screen.getByTestId('cards-loading')
    expect(status).toHaveTextContent('Reading the rest from the console…')
    expect(numbers(status.textContent)).toEqual([])
    // The status menu counts the same cards as the count does.
    const menuCounts = [...screen.getByLabelText('Status').querySelectorAll('option')]
      .slice(1)
      .flatMap((o) => numbers(o.textContent?.match(/\((\d[\d,]*)\)$/)?.[1]))
    expect(menuCounts.reduce((a, b) => a + b, 0)).toBe(3)
  })
})
