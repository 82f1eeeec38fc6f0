import '@testing-library/jest-dom/vitest'
import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import CardDetails from '../../../src/renderer/src/components/cards/CardDetails.svelte'
import type { CardAliasEdit } from '../../../src/shared/edits/card-alias'
import { card } from './cards-main'

describe('card alias: only a changed alias is sent, with the alias the details opened with', () => {
  it('shows an alias renamed on the console meanwhile beside the one typed; mine is sent over it once chosen', async () => {
    const lobby = card(4, 'Lobby 4')
    const sent: CardAliasEdit[] = []
    const answers = [
      {
        outcome: 'conflicts' as const,
        conflicts: [{ field: 'alias' as const, yours: 'Dock 4', theirs: 'Lobby west' }]
      },
      { outcome: 'saved' as const, record: { ...lobby, alias: 'Dock 4' }, sent: ['alias' as const] }
    ]
    render(CardDetails, {
      card: lobby,
      canEdit: true,
      onrename: async (edit: CardAliasEdit) => {
        sent.push(edit)
        return answers.shift()!
      },
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    })
    await fireEvent.input(screen.getByLabelText('Alias'), { target: { value: 'Dock 4' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save alias' }))

    const dialog = await screen.findByRole('dialog', { name: 'Changed on the console while you were editing' })
    expect(sent).toEqual([{ base: { alias: 'Lobby 4' }, changes: { alias: 'Dock 4' } }])
    expect(within(dialog).getByRole('radio', { name: /Keep the console's: Lobby west/ })).toHaveFocus()
    await fireEvent.click(within(dialog).getByRole('radio', { name: /Use yours: Dock 4/ }))
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save with these choices' }))
    await expect.poll(() => sent.length).toBe(2)
    expect(sent[1]).toEqual({ base: { alias: 'Lobby west' }, changes: { alias: 'Dock 4' } })
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull()
  })
})

describe("keeping the console's alias in the conflict", () => {
  it('says "Alias kept as on the console", not "Alias saved."', async () => {
    const lobby = card(5, 'Lobby 5')
    const answers = [
      {
        outcome: 'conflicts' as const,
        conflicts: [{ field: 'alias' as const, yours: 'Dock 5', theirs: 'Lobby east' }]
      },
      { outcome: 'saved' as const, record: { ...lobby, alias: 'Lobby east' }, sent: [] }
    ]
    render(CardDetails, {
      card: lobby,
      canEdit: true,
      onrename: async () => answers.shift()!,
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    })
    await fireEvent.input(screen.getByLabelText('Alias'), { target: { value: 'Dock 5' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save alias' }))
    const dialog = await screen.findByRole('dialog', { name: 'Changed on the console while you were editing' })
    await fireEvent.click(within(dialog).getByRole('radio', { name: /Keep the console's: Lobby east/ }))
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save with these choices' }))
    await expect.poll(() => screen.queryByTestId('card-saved-note')?.textContent).toBe('Alias kept as on the console.')
    expect(screen.getByLabelText('Alias')).toHaveValue('Lobby east')
  })
})
