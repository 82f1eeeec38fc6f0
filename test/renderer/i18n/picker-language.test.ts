import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import SearchPicker from '../../../src/renderer/src/components/common/SearchPicker.svelte'
import { cardSource, ownerSource, userSource } from '../../../src/renderer/src/components/common/picker-sources'
import { CardViews } from '../../../src/main/services/cards/card-view'
import type { CardViewQuery } from '../../../src/shared/nfc/card-view'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'
import { cardFixture } from '../../support/card-fixture'

const later = Math.floor(Date.now() / 1000) + 3600
const people = {
  'users.search': () => ({
    ok: true as const,
    result: {
      items: [
        { id: 'u1', full_name: 'Ana Hale', first_name: 'Ana', last_name: 'Hale' },
        { id: 'u2', full_name: 'Bo Hale', first_name: 'Bo', last_name: 'Hale', user_email: 'bo@example.com' }
      ],
      total: 2
    }
  }),
  'visitors.list': () => ({
    ok: true as const,
    result: {
      items: [
        {
          id: 'v1',
          first_name: 'Tessa',
          last_name: 'Hale',
          status: 'CANCELLED',
          start_time: later - 3600,
          end_time: later
        },
        {
          id: 'v2',
          first_name: 'Theo',
          last_name: 'Hale',
          status: 'UPCOMING',
          start_time: later - 3600,
          end_time: later
        }
      ],
      total: 2
    }
  })
}

describe('the search pickers in the desk’s language (PINs, Cards, Enroll, Touch Pass assign)', () => {
  afterEach(() => {
    cleanup()
    deskLanguage.choose(null)
  })

  it('says the people picker’s placeholder, tags, visit states and refusal in French', async () => {
    deskLanguage.choose('fr')
    setApiForTests(scriptedBridge(people).bridge)
    const onpick = vi.fn()
    render(SearchPicker, { source: ownerSource, onpick, label: 'Donner la carte à' })
    const input = screen.getByRole('searchbox', { name: 'Donner la carte à' })
    await expect.poll(() => input.getAttribute('placeholder')).toBe('Nom ou e-mail')
    input.focus()
    await fireEvent.input(input, { target: { value: 'Hale' } })
    const options = await screen.findAllByRole('option', {}, { timeout: 2000 })
    await expect
      .poll(() => screen.getAllByRole('option').map((o) => o.textContent?.replace(/\s+/g, ' ').trim()))
      .toEqual([
        'Ana Hale utilisateur',
        'Bo Hale bo@example.com',
        'Tessa Hale visiteur · Annulé',
        'Theo Hale visiteur · Attendu'
      ])
    expect(screen.getByRole('listbox', { name: 'Personnes trouvées' })).toBeInTheDocument()
    await fireEvent.click(options[2]!)
    expect(onpick).not.toHaveBeenCalled()
    expect(screen.getByRole('alert')).toHaveTextContent('Tessa Hale : la visite est annulée')
  })

  it('says the user picker’s placeholder and its empty result in German (Touch Pass assign)', async () => {
    deskLanguage.choose('de')
    setApiForTests(
      scriptedBridge({ 'users.search': () => ({ ok: true as const, result: { items: [], total: 0 } }) }).bridge
    )
    render(SearchPicker, { source: userSource(), onpick: () => {}, label: 'Benutzer suchen' })
    const input = screen.getByRole('searchbox', { name: 'Benutzer suchen' })
    await expect.poll(() => input.getAttribute('placeholder')).toBe('Name oder E-Mail')
    input.focus()
    await fireEvent.input(input, { target: { value: 'Zed' } })
    expect(await screen.findByText('Kein Benutzer passt zu „Zed“.', {}, { timeout: 2000 })).toBeInTheDocument()
  })

  it('says the card picker’s rows, placeholder, list and empty result in Spanish and German (a visitor’s card)', async () => {
    const views = new CardViews()
    const held = [cardFixture('0012', 'Lobby', { id: 'u1', name: 'Ada Lovelace' }), cardFixture('0013', '')]
    setApiForTests(
      scriptedBridge({
        'cards.view': (query) => ({ ok: true as const, result: views.answer(held, true, query as CardViewQuery) })
      }).bridge
    )
    const rows = () => screen.queryAllByRole('button').map((b) => b.textContent?.replace(/\s+/g, ' ').trim())

    deskLanguage.choose('es')
    const shown = render(SearchPicker, { source: cardSource(), onpick: () => {}, label: 'Buscar tarjetas' })
    await expect.poll(rows).toEqual(['0012 Lobby · en manos de Ada Lovelace', '0013 sin asignar'])
    expect(screen.getByRole('list', { name: 'Tarjetas' })).toBeInTheDocument()
    shown.unmount()

    deskLanguage.choose('de')
    render(SearchPicker, { source: cardSource(), onpick: () => {}, label: 'Karten suchen' })
    await expect.poll(rows).toEqual(['0012 Lobby · gehört Ada Lovelace', '0013 nicht zugewiesen'])
    const input = screen.getByRole('searchbox', { name: 'Karten suchen' })
    expect(input).toHaveAttribute('placeholder', 'Nummer, Alias, NFC-ID oder Besitzer')
    await fireEvent.input(input, { target: { value: 'Zed' } })
    expect(await screen.findByText('Keine Karte passt zu „Zed“.', {}, { timeout: 2000 })).toBeInTheDocument()
  })
})
