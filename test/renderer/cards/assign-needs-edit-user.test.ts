import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { card, cardsMain } from './cards-main'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'

afterEach(() => cardsStore.reset())

const held = (n: number): NfcCard => ({
  ...card(n, '', 'assigned'),
  user_id: 'u-omar',
  user_type: 'USER',
  user: { id: 'u-omar', name: 'Omar Okafor' }
})

/** What describes a control (aria-describedby), as a screen reader reads it with the control. */
function describedBy(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

/**
 * Issue 31 F2: a token lacking edit:user left "Take back from …" and "Assign to a person…" on, naming
 * no key, and the banner said nothing; the unassign was sent and refused. Giving and taking back
 * need actionKeys.cards.assign (shared/access/permissions.ts), as on Touch Passes and PINs.
 */
describe('Cards with a token lacking edit:user', () => {
  async function opened(n: number) {
    cardsMain([held(1), card(2)], {
      answerAtOnce: true,
      capabilities: { canEdit: true, canAssign: false, assignMissingPermission: 'edit:user' }
    })
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 of 2 cards'))
    cardsStore.selectAt(n - 1)
    return screen.findByRole('complementary', { name: 'Card details' })
  }

  it('names edit:user in the banner and turns Unassign off, saying why', async () => {
    const details = await opened(1)
    expect(screen.getByTestId('permission-note')).toHaveTextContent('edit:user')
    const unassign = within(details).getByRole('button', { name: /Take back from Omar Okafor/ })
    expect(unassign).toBeDisabled()
    expect(describedBy(unassign)).toContain('needs edit:user, which this token lacks')
    // Renaming needs edit:credential only: still on.
    expect(within(details).getByLabelText('Alias')).toBeEnabled()
  })

  it('turns "Assign to a person…" off, saying why', async () => {
    const details = await opened(2)
    const assign = within(details).getByRole('button', { name: 'Assign to a person…' })
    expect(assign).toBeDisabled()
    expect(describedBy(assign)).toContain('edit:user')
  })
})

/**
 * The other way round: a token with edit:user and without edit:credential gives and takes back cards
 * (§3.7/§3.8 ask edit:user alone, as the guide says); only the alias and Delete are off, for edit:credential.
 */
describe('Cards with a token lacking edit:credential but holding edit:user', () => {
  async function opened(n: number) {
    cardsMain([held(1), card(2)], {
      answerAtOnce: true,
      capabilities: { canEdit: false, canAssign: true, missingPermission: 'edit:credential' }
    })
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 of 2 cards'))
    cardsStore.selectAt(n - 1)
    return screen.findByRole('complementary', { name: 'Card details' })
  }

  it('keeps "Take back from …" and "Assign to a person…" on; Delete off, saying edit:credential', async () => {
    const details = await opened(1)
    expect(within(details).getByRole('button', { name: /Take back from Omar Okafor/ })).toBeEnabled()
    const remove = within(details).getByRole('button', { name: /Delete/ })
    expect(remove).toBeDisabled()
    expect(describedBy(remove)).toContain('edit:credential')
    cardsStore.selectAt(1)
    await waitFor(() => expect(within(details).getByRole('button', { name: 'Assign to a person…' })).toBeEnabled())
  })
})
