import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'
import { card, cardsMain } from '../cards/cards-main'

beforeEach(() => {
  // jsdom has no modal dialogs: opening one is all the dialogs need here.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true
  }
})
afterEach(() => {
  cleanup()
  cardsStore.reset()
  visitors.reset()
})

const ok = (result: unknown) => ({ ok: true as const, result })

/**
 * The app's rule for every action's outcome (lib/action-outcome): announced once in the one live region
 * AND shown on the screen as a line (a sighted person without a screen reader gets it too). Waits for
 * `words` to be said, then finds the same words on the page outside the live region.
 */
async function seenAsHeard(words: string): Promise<void> {
  const region = screen.getByTestId('action-announcer')
  await waitFor(() => expect(region).toHaveTextContent(words))
  const page = document.body.cloneNode(true) as HTMLElement
  page.querySelector('[data-testid="action-announcer"]')?.remove()
  expect(page.textContent, `“${words}” is announced but not shown`).toContain(words)
}

describe('every outcome of the list screens is seen as well as heard', () => {
  it('Visitors: Delete visitor', async () => {
    const held = new Map<string, Visitor>(
      [visitorFixture('v1', 'Sam', 'Weekly'), visitorFixture('v2', 'Tomas', 'Berg')].map((v) => [v.id, v])
    )
    const { bridge } = scriptedBridge({
      'visitors.list': () => ok({ items: [...held.values()], total: held.size }),
      'visitors.get': (input) => ok(held.get((input as { id: string }).id)),
      'visitors.delete': (input) => {
        held.delete((input as { id: string }).id)
        return ok({ deleted: true })
      },
      'visitors.capabilities': () => ok({ canEdit: true }),
      'visitors.qrState': () => ok({ assigned: false, pngBase64: null }),
      'sites.topology': () => ok({ groups: [] })
    })
    setApiForTests(bridge)
    render(ActionAnnouncer)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    await fireEvent.click(within(table).getByRole('button', { name: 'Tomas Berg' }))
    const details = await screen.findByTestId('visitor-details')
    await fireEvent.click(within(details).getByRole('button', { name: 'Delete visitor…' }))
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete visitor' }))
    await seenAsHeard('Tomas Berg deleted from the console')
    // The console no longer holds him.
    expect(held.has('v2')).toBe(false)
    // The next action empties the line (the screen's one OutcomeLines).
    await fireEvent.click(screen.getByRole('button', { name: 'New visitor…' }))
    expect(screen.queryByTestId('visitor-deleted')).not.toBeInTheDocument()
  })

  it('Cards: Take back names the card and whom it was taken from; Delete card', async () => {
    const given = {
      ...card(2),
      status: 'assigned',
      user_id: 'u1',
      user_type: 'USER',
      user: { id: 'u1', name: 'Ana Ruiz' }
    }
    const main = cardsMain([card(1), given as never], { answerAtOnce: true })
    render(ActionAnnouncer)
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 of 2 cards'))
    cardsStore.selectAt(1)
    const details = await screen.findByRole('complementary', { name: 'Card details' })
    await fireEvent.click(within(details).getByRole('button', { name: 'Take back from Ana Ruiz…' }))
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Take the card back' }))
    await seenAsHeard('Card 0002 taken back from Ana Ruiz; it stays in the inventory.')
    expect(main.state.held[1]).toMatchObject({ status: 'pending', user_id: '' })

    await fireEvent.click(within(details).getByRole('button', { name: 'Delete card…' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Delete card' }))
    await seenAsHeard('Card 0002 deleted: the console no longer has it.')
    expect(main.state.held.map((c) => c.display_id)).toEqual(['0001'])
  })
})
