import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { cardsMain, range } from './cards-main'
import type { Envelope } from '../../../src/shared/ipc/define'
import { announcer, keepFocus } from '../../../src/renderer/src/lib/action-outcome.svelte'

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true
  }
})
afterEach(() => cardsStore.reset())

const refused = (error: Record<string, unknown>): Envelope =>
  ({ ok: false, error: { retryable: false, ...error } }) as Envelope

async function cardsOnScreen() {
  const main = cardsMain(range(1, 3))
  main.state.people = [{ id: 'u-ana', first_name: 'Ana', last_name: 'Ruiz', full_name: 'Ana Ruiz' }]
  render(ActionAnnouncer)
  render(CardsScreen)
  await waitFor(() => expect(main.loads).toHaveLength(1))
  main.done(main.state.held)
  await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
  cardsStore.selectAt(1)
  const details = await screen.findByRole('complementary', { name: 'Card details' })
  return { main, details }
}

describe('Cards: one truth on screen after each action', () => {
  it('a card gone from the console: said with its number, it leaves the list and the details at once, the focus on the words', async () => {
    const { main, details } = await cardsOnScreen()
    const words = 'Card 0002 is no longer on the console (deleted here or by another desk).'
    // Another desk deleted it: main says so and has dropped it from its list.
    main.answers['cards.rename'] = () => {
      main.state.held = main.state.held.filter((c) => c.token !== 'tok-2')
      return refused({ kind: 'not-found', code: 'CARD_GONE', message: words })
    }
    await fireEvent.input(within(details).getByLabelText('Alias'), { target: { value: 'Front desk' } })
    await fireEvent.click(within(details).getByRole('button', { name: 'Save alias' }))
    const alert = await screen.findByText(words)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 of 2 cards'))
    expect(screen.queryByRole('complementary', { name: 'Card details' })).toBeNull()
    expect(document.activeElement).toBe(alert.closest('[role="alert"]'))
  })

  it('a card deleted whose delete is asked again: "no longer on the console", not "no such item"', async () => {
    const { main, details } = await cardsOnScreen()
    const words = 'Card 0002 is no longer on the console (deleted here or by another desk).'
    main.answers['cards.delete'] = () => {
      main.state.held = main.state.held.filter((c) => c.token !== 'tok-2')
      return refused({ kind: 'not-found', code: 'CARD_GONE', message: words })
    }
    await fireEvent.click(within(details).getByRole('button', { name: 'Delete card…' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Delete card' }))
    await screen.findByText(words)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 of 2 cards'))
    expect(screen.queryByRole('complementary', { name: 'Card details' })).toBeNull()
    expect(screen.queryByText('The console has no such item.')).toBeNull()
  })

  it('"Alias saved." goes when the next action starts; a refusal is shown alone, with the focus on it', async () => {
    const { main, details } = await cardsOnScreen()
    await fireEvent.input(within(details).getByLabelText('Alias'), { target: { value: 'Front desk' } })
    await fireEvent.click(within(details).getByRole('button', { name: 'Save alias' }))
    await waitFor(() => expect(screen.getByTestId('card-saved-note')).toHaveTextContent('Alias saved.'))
    expect(main.state.held[1]!.alias).toBe('Front desk')

    main.answers['cards.assign'] = () =>
      refused({ kind: 'conflict', message: 'The console refused to give this card.', hint: 'Try another card.' })
    await fireEvent.click(within(details).getByRole('button', { name: 'Assign to a person…' }))
    await fireEvent.input(within(details).getByLabelText('Give this card to'), { target: { value: 'ana' } })
    await fireEvent.click(await within(details).findByRole('option', { name: /Ana Ruiz/ }))
    await fireEvent.click(within(details).getByRole('button', { name: 'Give the card' }))
    const error = await within(details).findByRole('alert')
    expect(error).toHaveTextContent('The console refused to give this card.')
    expect(screen.queryByTestId('card-saved-note')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(error))
  })

  it('"Card given to …" goes when a later save fails', async () => {
    const { main, details } = await cardsOnScreen()
    await fireEvent.click(within(details).getByRole('button', { name: 'Assign to a person…' }))
    await fireEvent.input(within(details).getByLabelText('Give this card to'), { target: { value: 'ana' } })
    await fireEvent.click(await within(details).findByRole('option', { name: /Ana Ruiz/ }))
    await fireEvent.click(within(details).getByRole('button', { name: 'Give the card' }))
    await waitFor(() => expect(screen.getByTestId('card-saved-note')).toHaveTextContent('Card given to Ana Ruiz.'))

    main.answers['cards.rename'] = () => refused({ kind: 'network', message: 'The console did not answer.' })
    await fireEvent.input(within(details).getByLabelText('Alias'), { target: { value: 'Dock' } })
    await fireEvent.click(within(details).getByRole('button', { name: 'Save alias' }))
    const error = await within(details).findByRole('alert')
    expect(error).toHaveTextContent('The console did not answer.')
    expect(screen.queryByTestId('card-saved-note')).toBeNull()
  })

  it('after an alias is saved the focus is on the Alias field; while saving it stays on Save, which is off', async () => {
    // The app's focus keeper, as the desk installs it: it would hand on the focus of a button turned disabled.
    const stop = keepFocus()
    const { main, details } = await cardsOnScreen()
    let answer: (envelope: Envelope) => void = () => undefined
    const rename = main.answers['cards.rename']!
    let renames = 0
    main.answers['cards.rename'] = (input) => {
      renames++
      return new Promise<Envelope>((resolve) => (answer = () => resolve(rename(input) as Envelope)))
    }
    const alias = within(details).getByLabelText('Alias')
    await fireEvent.input(alias, { target: { value: 'Front desk' } })
    const save = within(details).getByRole('button', { name: 'Save alias' })
    save.focus()
    await fireEvent.click(save)
    // Saving: Save is off (aria-disabled, lib/off-keeps-focus) and keeps the focus; a second press sends nothing.
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'))
    expect(document.activeElement).toBe(save)
    await fireEvent.click(save)
    expect(renames).toBe(1)
    answer({ ok: true } as Envelope)
    await waitFor(() => expect(screen.getByTestId('card-saved-note')).toHaveTextContent('Alias saved.'))
    await waitFor(() => expect(document.activeElement).toBe(within(details).getByLabelText('Alias')))
    expect(main.state.held[1]!.alias).toBe('Front desk')
    stop()
  })

  it('another card opened: the words of the card left go, from the screen and from the live region', async () => {
    const { main, details } = await cardsOnScreen()
    await fireEvent.input(within(details).getByLabelText('Alias'), { target: { value: 'Front desk' } })
    await fireEvent.click(within(details).getByRole('button', { name: 'Save alias' }))
    await waitFor(() => expect(screen.getByTestId('card-saved-note')).toHaveTextContent('Alias saved.'))
    await waitFor(() => expect(announcer.message).toBe('Alias saved.'))
    expect(main.state.held[1]!.alias).toBe('Front desk')

    // Given to Ben Ng meanwhile: giving it to Ana is asked again naming him, and cancelled.
    main.state.held[1] = {
      ...main.state.held[1]!,
      status: 'assigned',
      user_id: 'u-ben',
      user_type: 'USER',
      user: { id: 'u-ben', first_name: 'Ben', last_name: 'Ng' }
    }
    await fireEvent.click(within(details).getByRole('button', { name: 'Assign to a person…' }))
    await fireEvent.input(within(details).getByLabelText('Give this card to'), { target: { value: 'ana' } })
    await fireEvent.click(await within(details).findByRole('option', { name: /Ana Ruiz/ }))
    await fireEvent.click(within(details).getByRole('button', { name: 'Give the card' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent(/Ben Ng/)
    await waitFor(() => expect(announcer.message).toMatch(/Ben Ng/))
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    cardsStore.selectAt(2)
    await waitFor(() => expect(screen.getByRole('complementary', { name: 'Card details' })).toHaveTextContent(/0003/))
    expect(screen.queryByTestId('card-saved-note')).toBeNull()
    expect(screen.getByRole('complementary', { name: 'Card details' })).not.toHaveTextContent(/Ben Ng/)
    expect(screen.getByTestId('action-announcer')).toHaveTextContent(/^$/)
    // The card left still holds what was written.
    expect(main.state.held[1]!.alias).toBe('Front desk')
    expect(main.state.held[1]!.user_id).toBe('u-ben')
  })
})
