import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { cardsMain, range } from './cards-main'

afterEach(() => cardsStore.reset())

/**
 * A walk found Cards naming `edit:credential` only once a card was opened, while Visitors and Touch
 * Passes name their missing keys at the top (components/common/PermissionNote from screenMissing).
 */
describe('Cards with a token that may only read', () => {
  it('names edit:credential at the top of the screen, before any card is opened', async () => {
    cardsMain(range(1, 3), {
      answerAtOnce: true,
      capabilities: { canEdit: false, missingPermission: 'edit:credential' }
    })
    render(CardsScreen)
    expect(await screen.findByText('3 of 3 cards')).toBeInTheDocument()
    expect(await screen.findByTestId('permission-note')).toHaveTextContent('edit:credential')
  })

  it('says nothing is missing for a token that may edit', async () => {
    cardsMain(range(1, 3), { answerAtOnce: true })
    render(CardsScreen)
    expect(await screen.findByText('3 of 3 cards')).toBeInTheDocument()
    expect(screen.queryByTestId('permission-note')).toBeNull()
  })
})
