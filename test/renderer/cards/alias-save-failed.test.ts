import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import CardDetails from '../../../src/renderer/src/components/cards/CardDetails.svelte'
import { aliasDrafts, cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { AppError } from '../../../src/shared/errors'
import UnsavedDrafts from '../../../src/renderer/src/components/common/UnsavedDrafts.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { CardAliasEdit } from '../../../src/shared/edits/card-alias'
import { card, cardsMain, range } from './cards-main'

describe('an alias save that failed', () => {
  it('keeps its error with Try again beside the field, and says the alias is unsaved, across a list refresh', async () => {
    const kitchen = card(7, 'Küche')
    const sent: CardAliasEdit[] = []
    let fail = true
    const view = render(CardDetails, {
      card: kitchen,
      canEdit: true,
      onrename: async (edit: CardAliasEdit) => {
        sent.push(edit)
        if (fail)
          throw new AppError({
            kind: 'server',
            code: 'HTTP_500',
            message: 'The console answered with an error (500).',
            retryable: true
          })
        return { outcome: 'saved' as const, record: { ...kitchen, alias: 'Küche 2' }, sent: ['alias' as const] }
      },
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    })
    const field = screen.getByLabelText('Alias')
    await fireEvent.input(field, { target: { value: 'Küche 2' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save alias' }))
    const form = screen.getByTestId('alias-form')
    await expect.poll(() => within(form).queryByRole('alert')).not.toBeNull()
    expect(within(form).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(screen.getByTestId('alias-unsaved')).toHaveTextContent('“Küche 2” is not saved: the console has “Küche”.')

    // The list's Try again: a refresh starts (the screen's outcome lines go) and the card comes again.
    cardsStore.lines.actionStarted()
    await view.rerender({ card: { ...kitchen } })
    expect(field).toHaveValue('Küche 2')
    expect(within(form).getByRole('alert')).toHaveTextContent('The console answered with an error (500).')
    expect(screen.getByTestId('alias-unsaved')).toBeInTheDocument()

    fail = false
    await fireEvent.click(within(form).getByRole('button', { name: 'Try again' }))
    await expect.poll(() => screen.queryByTestId('card-saved-note')).not.toBeNull()
    expect(sent).toEqual([
      { base: { alias: 'Küche' }, changes: { alias: 'Küche 2' } },
      { base: { alias: 'Küche' }, changes: { alias: 'Küche 2' } }
    ])
    expect(within(form).queryByRole('alert')).toBeNull()
    expect(screen.queryByTestId('alias-unsaved')).toBeNull()
  })
})

describe('an alias save whose answer was lost, though the console took it', () => {
  it('a refresh showing the console holding the alias typed says nothing is unsaved any more', async () => {
    const office = card(8, 'Büro-Süd')
    const view = render(CardDetails, {
      card: office,
      canEdit: true,
      onrename: async () => {
        throw new AppError({
          kind: 'network',
          message: 'The connection was cut before the console answered.',
          retryable: false,
          details: { answerLost: true }
        })
      },
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    })
    await fireEvent.input(screen.getByLabelText('Alias'), { target: { value: 'Büro-Süd-Empfang' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save alias' }))
    await expect.poll(() => screen.queryByTestId('alias-unsaved')).not.toBeNull()

    // Refresh: the console holds the new alias.
    await view.rerender({ card: { ...office, alias: 'Büro-Süd-Empfang' } })
    expect(screen.queryByTestId('alias-unsaved')).toBeNull()
    expect(within(screen.getByTestId('alias-form')).queryByRole('alert')).toBeNull()
    expect(screen.getByLabelText('Alias')).toHaveValue('Büro-Süd-Empfang')
    expect(screen.getByRole('button', { name: 'Save alias' })).toBeDisabled()
  })
})

describe("the card list's Try again", () => {
  it('reads the cards again, says so, and gives the focus to Refresh (never the page title)', async () => {
    cardsStore.reset()
    const main = cardsMain()
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.fail('The console stopped answering.')
    const again = await screen.findByRole('button', { name: 'Try again' })
    again.focus()
    await fireEvent.click(again)
    await waitFor(() => expect(main.loads).toHaveLength(2))
    main.done(range(1, 3))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toHaveFocus())
    await waitFor(() => expect(announcer.message).toMatch(/Cards read again: 3 cards/))
  })
})

describe('an alias save that failed, and Cards left (Import) and opened again', () => {
  it('brings the typing back with its failure, its Try again, and says it is not saved', async () => {
    aliasDrafts.clear()
    const hall = card(9, 'Halle')
    let fail = true
    const sent: CardAliasEdit[] = []
    const props = {
      canEdit: true,
      onrename: async (edit: CardAliasEdit) => {
        sent.push(edit)
        if (fail)
          throw new AppError({
            kind: 'server',
            code: 'HTTP_500',
            message: 'The console answered with an error (500).',
            retryable: true
          })
        return { outcome: 'saved' as const, record: { ...hall, alias: 'Halle Nord' }, sent: ['alias' as const] }
      },
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    }
    const first = render(CardDetails, { ...props, card: hall })
    await fireEvent.input(screen.getByLabelText('Alias'), { target: { value: 'Halle Nord' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save alias' }))
    await expect.poll(() => screen.queryByTestId('alias-unsaved')).not.toBeNull()
    // Another screen: the details go; back on Cards, the same card's details are made anew.
    first.unmount()
    render(CardDetails, { ...props, card: hall })
    const form = screen.getByTestId('alias-form')
    expect(screen.getByLabelText('Alias')).toHaveValue('Halle Nord')
    expect(screen.getByTestId('alias-unsaved')).toHaveTextContent('“Halle Nord” is not saved: the console has “Halle”.')
    expect(within(form).getByRole('alert')).toHaveTextContent('The console answered with an error (500).')
    fail = false
    await fireEvent.click(within(form).getByRole('button', { name: 'Try again' }))
    await expect.poll(() => screen.queryByTestId('card-saved-note')).not.toBeNull()
    expect(sent).toEqual([
      { base: { alias: 'Halle' }, changes: { alias: 'Halle Nord' } },
      { base: { alias: 'Halle' }, changes: { alias: 'Halle Nord' } }
    ])
    expect(screen.queryByTestId('alias-unsaved')).toBeNull()
    expect(aliasDrafts.list()).toEqual([])
  })

  it('typing left unsaved without a save comes back said as not saved, with no failure', async () => {
    aliasDrafts.clear()
    const hall = card(10, '')
    const props = {
      canEdit: true,
      onrename: async () => ({ outcome: 'saved' }) as never,
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    }
    const first = render(CardDetails, { ...props, card: hall })
    await fireEvent.input(screen.getByLabelText('Alias'), { target: { value: 'Lager' } })
    first.unmount()
    render(CardDetails, { ...props, card: hall })
    expect(screen.getByLabelText('Alias')).toHaveValue('Lager')
    expect(screen.getByTestId('alias-unsaved')).toHaveTextContent('“Lager” is not saved: the console has no alias.')
    expect(within(screen.getByTestId('alias-form')).queryByRole('alert')).toBeNull()
    aliasDrafts.clear()
  })
})

describe('an unsaved alias on a German desk', () => {
  afterEach(() => {
    deskLanguage.choose(null)
    aliasDrafts.clear()
  })

  it('the line under the field and "Not saved yet" say what the console has in German, "no alias" included', async () => {
    aliasDrafts.clear()
    deskLanguage.choose('de')
    const props = {
      canEdit: true,
      onrename: async () => {
        throw new AppError({ kind: 'server', code: 'HTTP_500', message: 'x', retryable: true })
      },
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    }
    const view = render(CardDetails, { ...props, card: card(11, '') })
    const field = await screen.findByLabelText('Alias')
    await fireEvent.input(field, { target: { value: 'Lager' } })
    await fireEvent.click(await screen.findByRole('button', { name: 'Alias speichern' }, { timeout: 5000 }))
    await expect
      .poll(() => screen.queryByTestId('alias-unsaved')?.textContent?.trim())
      .toBe('„Lager“ ist nicht gespeichert: Die Konsole hat keinen Alias.')
    // Another card opened: the first one is listed, in German.
    await view.rerender({ ...props, card: card(12, 'Tor') })
    render(UnsavedDrafts, { drafts: aliasDrafts, openKey: 'tok-12', what: 'alias', onopen: () => undefined })
    const kept = screen.getByRole('region', { name: 'Noch nicht gespeichert' })
    expect(kept).toHaveTextContent('Noch nicht gespeichert – zum Speichern oder Zurücksetzen öffnen:')
    expect(within(kept).getByRole('button')).toHaveTextContent(
      'Karte 0011: Alias „Lager“ (die Konsole hat keinen Alias)'
    )
    expect(kept.textContent).not.toMatch(/no alias|console has|Not saved/)
  })
})
