import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import CardDetails from '../../../src/renderer/src/components/cards/CardDetails.svelte'
import TouchPassDetails from '../../../src/renderer/src/components/touch-passes/TouchPassDetails.svelte'
import UnsavedDrafts from '../../../src/renderer/src/components/common/UnsavedDrafts.svelte'
import { aliasDrafts } from '../../../src/renderer/src/stores/cards.svelte'
import { passNameDrafts } from '../../../src/renderer/src/stores/pass-name-drafts'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { flushSync } from 'svelte'
import { card } from '../cards/cards-main'
import { passOf } from '../touch-passes/pass-fixture'

/**
 * An inline edit typed and not saved is never dropped in silence when the person opens another record
 * or leaves: the typing comes back with its record, and the screen lists it with a way back to it
 * (lib/record-drafts). Held for every inline edit of a record: a card's alias, a Touch Pass's name.
 */
afterEach(() => {
  cleanup()
  aliasDrafts.clear()
  passNameDrafts.clear()
  connection.activeId = null
})

const cardProps = {
  canEdit: true,
  onrename: async () => ({ outcome: 'saved' }) as never,
  ondelete: () => undefined,
  onassign: async () => undefined,
  onunassign: async () => undefined
}

describe('an unsaved inline edit is kept when the person moves on', () => {
  it('Cards: an alias typed on card 1 survives opening card 2, is listed, and comes back with card 1', async () => {
    const one = card(1, 'Lobby spare')
    const view = render(CardDetails, { ...cardProps, card: one })
    await fireEvent.input(screen.getByLabelText(/Alias/), { target: { value: 'Front desk' } })
    await view.rerender({ ...cardProps, card: card(2, 'Other') })
    expect(screen.getByLabelText(/Alias/)).toHaveValue('Other')
    expect(aliasDrafts.list('tok-2')).toEqual([
      { key: 'tok-1', draft: { base: 'Lobby spare', value: 'Front desk', record: one, label: expect.any(Function) } }
    ])
    // The label is worded when shown, in the desk's language then.
    expect(aliasDrafts.list('tok-2')[0]!.draft.label()).toBe('Card 0001')

    const onopen = vi.fn()
    render(UnsavedDrafts, { drafts: aliasDrafts, openKey: 'tok-2', what: 'alias', onopen })
    const back = screen.getByRole('button', { name: /Card 0001: alias “Front desk” \(the console has “Lobby spare”\)/ })
    await fireEvent.click(back)
    expect(onopen).toHaveBeenCalledWith(one)

    await view.rerender({ ...cardProps, card: one })
    expect(screen.getByLabelText(/Alias/)).toHaveValue('Front desk')
    // Still compared with the alias it opened with: the field says it is not saved.
    expect(screen.getByRole('button', { name: 'Save alias' })).toBeEnabled()
  })

  it('Cards: typing the alias back as it was leaves nothing listed', async () => {
    const view = render(CardDetails, { ...cardProps, card: card(1, 'Lobby spare') })
    await fireEvent.input(screen.getByLabelText(/Alias/), { target: { value: 'Lobby spare ' } })
    await view.rerender({ ...cardProps, card: card(2) })
    expect(aliasDrafts.list()).toEqual([])
  })

  it('Touch Passes: a name typed on one pass survives opening another (the details are made anew) and comes back', async () => {
    const spare = passOf('7', 'ACTIVE', 'Spare')
    render(TouchPassDetails, { pass: spare })
    await fireEvent.input(screen.getByLabelText('Name on the pass'), { target: { value: 'Front desk' } })
    cleanup()
    render(TouchPassDetails, { pass: passOf('8', 'ACTIVE', 'Other') })
    expect(passNameDrafts.list('8').map((d) => [d.key, d.draft.value, d.draft.base])).toEqual([
      ['7', 'Front desk', 'Spare']
    ])
    cleanup()
    render(TouchPassDetails, { pass: spare })
    expect(screen.getByLabelText('Name on the pass')).toHaveValue('Front desk')
    expect(screen.getByRole('button', { name: 'Rename' })).toBeEnabled()
  })

  it('a console switch puts them aside with their console: never offered on another, back on switching back', async () => {
    connection.activeId = 'hq'
    const one = card(1, 'A')
    const view = render(CardDetails, { ...cardProps, card: one })
    await fireEvent.input(screen.getByLabelText(/Alias/), { target: { value: 'B' } })
    await view.rerender({ ...cardProps, card: card(2) })
    await fireEvent.input(screen.getByLabelText(/Alias/), { target: { value: 'Dock-X' } })
    expect(aliasDrafts.list('tok-2')).toHaveLength(1)

    // The switch: the shell forgets the console's data, then the screen (and these details) go —
    // the typing on the card still open is kept under the console it was typed on.
    connection.activeId = 'harbour'
    forgetConsoleData()
    cleanup()
    flushSync()
    expect(aliasDrafts.list()).toEqual([])
    render(UnsavedDrafts, { drafts: aliasDrafts, openKey: null, what: 'alias', onopen: () => undefined })
    expect(screen.queryByTestId('unsaved-drafts')).toBeNull()
    cleanup()

    connection.activeId = 'hq'
    expect(aliasDrafts.list().map(({ key, draft }) => [key, draft.value, draft.base])).toEqual([
      ['tok-1', 'B', 'A'],
      ['tok-2', 'Dock-X', '']
    ])
    render(CardDetails, { ...cardProps, card: one })
    expect(screen.getByLabelText(/Alias/)).toHaveValue('B')
    expect(screen.getByRole('button', { name: 'Save alias' })).toBeEnabled()
  })

  it('says an empty value as “no alias”, never as “”', async () => {
    const view = render(CardDetails, { ...cardProps, card: card(1) })
    await fireEvent.input(screen.getByLabelText(/Alias/), { target: { value: 'Dock-X' } })
    await view.rerender({ ...cardProps, card: card(2, 'Lobby') })
    await fireEvent.input(screen.getByLabelText(/Alias/), { target: { value: '' } })
    await view.rerender({ ...cardProps, card: card(3) })
    render(UnsavedDrafts, { drafts: aliasDrafts, openKey: 'tok-3', what: 'alias', onopen: () => undefined })
    expect(screen.getByRole('button', { name: 'Card 0001: alias “Dock-X” (the console has no alias)' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Card 0002: no alias (the console has “Lobby”)' })).toBeVisible()
  })
})
