import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte'
import CardDetails from '../../../src/renderer/src/components/cards/CardDetails.svelte'
import TouchPassDetails from '../../../src/renderer/src/components/touch-passes/TouchPassDetails.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { card, cardsMain, range } from '../cards/cards-main'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { ok } from '../enroll/event-bridge'
import { passOf } from '../touch-passes/pass-fixture'

let stopListening: (() => void) | undefined
afterEach(() => {
  stopListening?.()
  stopListening = undefined
  cleanup()
  touchPasses.reset()
  cardsStore.reset()
})

/**
 * An input whose only use is a write the token cannot make (a card's alias, a Touch Pass's name) takes
 * no typing that could never be saved: it is read-only — not disabled, so it keeps its place in the Tab
 * order and its value is read — and read with the same reason as its Save (lib/write-only-field).
 */
function expectReadOnlyWithReason(field: HTMLElement, reason: RegExp): void {
  expect(field).toHaveAttribute('readonly')
  expect(field).toBeEnabled()
  expect(field).toHaveAccessibleDescription(reason)
}

describe('a field whose only use is a write the token cannot make', () => {
  it("Cards: the card's Alias, without edit:credential", () => {
    render(CardDetails, {
      card: card(1, 'Lobby 1'),
      canEdit: false,
      missingPermission: 'edit:credential',
      onrename: async () => ({ outcome: 'saved' as const, record: card(1), sent: [] }),
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    })
    expectReadOnlyWithReason(screen.getByLabelText('Alias'), /edit:credential/)
  })

  it('Cards: the Alias takes typing for a token that may edit', () => {
    render(CardDetails, {
      card: card(1, 'Lobby 1'),
      canEdit: true,
      onrename: async () => ({ outcome: 'saved' as const, record: card(1), sent: [] }),
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    })
    expect(screen.getByLabelText('Alias')).not.toHaveAttribute('readonly')
  })

  it("Touch Passes: the pass's Name on the pass, without edit:credential", () => {
    setApiForTests(scriptedBridge({}).bridge)
    touchPasses.editBlocked = 'edit:credential'
    render(TouchPassDetails, { pass: passOf('7', 'ACTIVE', 'Spare 1') })
    expectReadOnlyWithReason(screen.getByLabelText('Name on the pass'), /edit:credential/)
  })

  it("Cards: the Alias, when the sidebar's state names edit:credential missing before the screen's probe does", async () => {
    const main = cardsMain(range(1, 2), { answerAtOnce: true })
    const reach = { profileId: 'site', state: 'permissions', checkedAt: 1, missing: ['edit:credential'] }
    Object.assign(main.answers, {
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok(reach)
    })
    stopListening = connection.listen()
    await connection.load()
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 of 2 cards'))
    cardsStore.selectAt(0)
    const details = await screen.findByRole('complementary', { name: 'Card details' })
    expectReadOnlyWithReason(within(details).getByLabelText('Alias'), /edit:credential/)
  })
})
