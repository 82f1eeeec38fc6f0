import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import { nfcCardStatusWords } from '../../../src/shared/access/nfc-cards'
import { cardsMain } from './cards-main'

const card = (n: number): NfcCard => ({
  token: `tok-${n}`,
  display_id: String(n).padStart(5, '0'),
  status: 'pending',
  alias: `Card ${n}`,
  card_type: 'ua_card',
  user_id: '',
  user_type: '',
  user: null
})

afterEach(() => cardsStore.reset())

/** A walk found "Assigned (1002)" in the status filter while the count beside it read "1,002 of 1,002 cards". */
describe('Cards’ status filter', () => {
  it('writes each status’s count as every count on the screen is written (the formats module)', async () => {
    cardsMain(
      Array.from({ length: 1002 }, (_, i) => card(i + 1)),
      { answerAtOnce: true }
    )
    render(CardsScreen)
    expect(await screen.findByText('1,002 of 1,002 cards')).toBeInTheDocument()
    const filter = screen
      .getAllByRole('combobox')
      .find((s) => within(s).queryAllByRole('option', { name: /\(/ }).length > 0)!
    expect(within(filter).getByRole('option', { name: `${nfcCardStatusWords.pending} (1,002)` })).toBeInTheDocument()
  })
})
