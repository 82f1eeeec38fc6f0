import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { cardsMain, range } from '../cards/cards-main'
import { passOf } from '../touch-passes/pass-fixture'

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true
  }
})
afterEach(() => {
  cleanup()
  cardsStore.reset()
  touchPasses.reset()
  touchPasses.status = ''
  deskLanguage.choose(null)
})

/**
 * Cards, PINs and Touch Passes follow the desk's language as it is switched with the screen open
 * (issue 36): what the person had on screen stays (the card opened, the alias typed, the PIN
 * generated, the person chosen, the pass opened, its name typed); the words change, dialogs included.
 */
describe('Cards, PINs and Touch Passes in the desk’s language', () => {
  it('Cards switches from English to German with the card open and its typed alias kept', async () => {
    const main = cardsMain(range(1, 3))
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.done(main.state.held)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
    cardsStore.selectAt(1)
    const details = await screen.findByRole('complementary', { name: 'Card details' })
    await fireEvent.input(within(details).getByLabelText('Alias'), { target: { value: 'Empfang' } })

    deskLanguage.choose('de')
    expect(await screen.findByRole('heading', { level: 1, name: 'Karten' })).toBeInTheDocument()
    const german = await screen.findByRole('complementary', { name: 'Kartendetails' }, { timeout: 5000 })
    expect(within(german).getByRole('heading', { name: 'Karte 0002' })).toBeInTheDocument()
    expect(within(german).getByLabelText('Alias')).toHaveValue('Empfang')
    expect(within(german).getByRole('button', { name: 'Alias speichern' })).toBeEnabled()
    expect(screen.getByTestId('card-count')).toHaveTextContent('3 von 3 Karten')
    expect(screen.getByRole('columnheader', { name: /^Anzeige-ID/ })).toBeInTheDocument()
    expect(within(german).getByText('Ausstehend')).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Karten filtern' })).toBeInTheDocument()

    await fireEvent.click(within(german).getByRole('button', { name: 'Karte löschen…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Karte 0002 löschen?' })
    expect(within(dialog).getByTestId('delete-card-effect')).toHaveTextContent(/^Sie ist eine Ersatzkarte/)
    expect(within(dialog).getByRole('button', { name: 'Karte löschen' })).toBeInTheDocument()
    expect(screen.queryByText(/Save alias|Card details|Delete card/)).toBeNull()
  })

  it('PINs switches from English to German with the PIN generated and the person chosen kept', async () => {
    const ben = { id: 'u-ben', first_name: 'Ben', last_name: 'Ng', full_name: 'Ben Ng', user_email: 'b@example.com' }
    const { bridge } = scriptedBridge({
      'pins.generate': () => ({ ok: true, result: { pin: '52570001' } }),
      'users.search': () => ({ ok: true, result: { items: [ben], total: 1 } }),
      'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
      'pins.held': () => ({ ok: true, result: { held: true } })
    } as Parameters<typeof scriptedBridge>[0])
    setApiForTests(bridge)
    render(PinsScreen)
    await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
    await fireEvent.input(await screen.findByRole('searchbox', { name: 'Find a user or visitor' }), {
      target: { value: 'Ben' }
    })
    await fireEvent.click(await screen.findByRole('option', { name: /Ben Ng/ }, { timeout: 2000 }))
    await screen.findByTestId('pin-held')

    deskLanguage.choose('de')
    expect(await screen.findByRole('heading', { level: 1, name: 'PINs' })).toBeInTheDocument()
    expect(screen.getByTestId('generated-pin')).toHaveTextContent('52570001')
    await waitFor(() => expect(screen.getByTestId('pin-assign-person')).toHaveTextContent('An Ben Ng (Benutzer)'))
    expect(screen.getByTestId('pin-held')).toHaveTextContent('Ben Ng hat bereits eine PIN')
    const assign = screen.getByRole('button', { name: 'PIN zuweisen' })
    await fireEvent.click(assign)
    // The Replace PIN question every screen asks, in the desk's language too.
    const dialog = await screen.findByRole('dialog', { name: 'PIN von Ben Ng ersetzen?' })
    expect(within(dialog).getByRole('button', { name: 'PIN ersetzen' })).toBeInTheDocument()
    expect(screen.queryByText(/Assign this PIN|Generate another/)).toBeNull()
  })

  it('Touch Passes switches from English to German with the pass open and its typed name kept', async () => {
    const held = { ...passOf('7', 'ACTIVE', 'Spare'), user_id: 'u-ana', user_name: 'Ana Ruiz' }
    const { bridge } = scriptedBridge({
      'touchPasses.list': () => ({ ok: true, result: { items: [held], total: 1 } }),
      'touchPasses.get': () => ({ ok: true, result: held }),
      'touchPasses.capabilities': () => ({ ok: true, result: { canEdit: true, canAssign: true } })
    })
    setApiForTests(bridge)
    render(TouchPassesScreen)
    const table = await screen.findByTestId('passes-table')
    await fireEvent.click(within(table).getByRole('button', { name: 'AAAA-BBBB-CCCC-0007' }))
    const details = await screen.findByTestId('pass-details')
    await fireEvent.input(within(details).getByLabelText('Name on the pass'), { target: { value: 'Empfang' } })

    deskLanguage.choose('de')
    expect(await screen.findByRole('button', { name: 'Pässe kaufen…' })).toBeInTheDocument()
    expect(within(details).getByLabelText('Name auf dem Pass')).toHaveValue('Empfang')
    expect(within(details).getByRole('button', { name: 'Umbenennen' })).toBeEnabled()
    expect(within(details).getByRole('button', { name: 'Sperren' })).toBeInTheDocument()
    expect(within(details).getByText('Kein Telefon und keine Uhr trägt diesen Pass.')).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Karten-ID' })).toBeInTheDocument()
    expect(within(screen.getByTestId('passes-table')).getByText('Aktiv')).toBeInTheDocument()

    await fireEvent.click(within(details).getByRole('button', { name: 'Vom Benutzer zurücknehmen…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Diesen Pass von Ana Ruiz zurücknehmen?' })
    expect(dialog).toHaveTextContent('Ana Ruiz hat AAAA-BBBB-CCCC-0007 dann nicht mehr')
    expect(screen.queryByText(/Rename|Suspend|Buy passes/)).toBeNull()
  })
})
