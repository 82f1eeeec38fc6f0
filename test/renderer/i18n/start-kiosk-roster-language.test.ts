import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import StartScreen from '../../../src/renderer/src/screens/StartScreen.svelte'
import KioskSettingsPanel from '../../../src/renderer/src/components/kiosk/KioskSettingsPanel.svelte'
import HandoutSheet from '../../../src/renderer/src/screens/roster/HandoutSheet.svelte'
import EnrollmentLine from '../../../src/renderer/src/screens/roster/EnrollmentLine.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { scriptedBridge } from '../../support/fake-bridge'

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

/**
 * The Start screen, Settings → Kiosk, the roster's hand-out and PIN slips and its enrollment line speak
 * the desk's language, switched with what was typed kept, as every other screen does.
 */
describe('Start, Settings → Kiosk and the roster’s handout and line in the desk’s language', () => {
  it('the Start screen: its jobs, the screens they open (named as the sidebar names them), the console', async () => {
    render(StartScreen)
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument()
    deskLanguage.choose('de')
    expect(await screen.findByRole('heading', { name: 'Start' }, { timeout: 5000 })).toBeInTheDocument()
    // The title is the shell's words, the rest the Start screen's own catalogue: wait for that one too.
    expect(await screen.findByRole('heading', { name: 'Empfang' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Heute öffnen' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Ihre Konsole' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Einstellungen öffnen' })).toBeInTheDocument()
    expect(screen.queryByText(/Where to start|Reception desk|Open Today|Your console/)).toBeNull()
  }, 30_000)

  it('Settings → Kiosk: labels, buttons and what to fix in German, with the PIN typed kept', async () => {
    const settings = { pinSet: false, idleSeconds: 60, directions: '', deskName: 'Reception' }
    const sent: unknown[] = []
    const { bridge } = scriptedBridge({
      'kiosk.settings': () => ({ ok: true, result: settings }),
      'kiosk.saveSettings': (input) => (sent.push(input), { ok: true, result: settings })
    })
    setApiForTests(bridge)
    render(KioskSettingsPanel)
    const panel = await screen.findByTestId('kiosk-settings')
    const pin = await within(panel).findByLabelText(/^Kiosk PIN/)
    await fireEvent.input(pin, { target: { value: '1111' } })
    await fireEvent.input(within(panel).getByLabelText('The same PIN again'), { target: { value: '2222' } })

    deskLanguage.choose('de')
    expect(await within(panel).findByRole('heading', { name: 'Kiosk' })).toBeInTheDocument()
    expect(await within(panel).findByLabelText('Dieselbe PIN noch einmal', {}, { timeout: 5000 })).toHaveValue('2222')
    expect(within(panel).getByLabelText('Kiosk-PIN (4–12 Ziffern)')).toHaveValue('1111')
    expect(within(panel).getByTestId('kiosk-pin-state')).toHaveTextContent('Noch keine Kiosk-PIN')
    await fireEvent.click(within(panel).getByRole('button', { name: 'Kiosk-Einstellungen speichern' }))
    // What to fix, by field, in German: one digit repeated, the two PINs differ. Nothing sent.
    expect(within(panel).getByText(/nicht aus einer wiederholten Ziffer/)).toBeInTheDocument()
    expect(within(panel).getByText(/Die beiden PINs unterscheiden sich/)).toBeInTheDocument()
    expect(sent).toEqual([])
    expect(within(panel).queryByText(/The same PIN|Save kiosk settings|one digit repeated|differ/)).toBeNull()
  }, 30_000)

  it('the hand-out and the PIN slips are printed in the desk’s language', async () => {
    deskLanguage.choose('fr')
    const people = [
      { rowId: 'a', name: 'Ana Silva', cardDisplayIds: ['100001', '100002'], pin: '482913', touchPass: true },
      { rowId: 'b', name: 'Bo Chen', cardDisplayIds: [], touchPass: false }
    ]
    render(HandoutSheet, { people, title: 'Accès' })
    const sheet = screen.getByTestId('handout-sheet')
    expect(await within(sheet).findByText(/Cartes :/, {}, { timeout: 5000 })).toBeInTheDocument()
    expect(within(sheet).getByText('Aucune carte.')).toBeInTheDocument()
    expect(within(sheet).getByText(/ouvrez l’e-mail d’invitation/)).toBeInTheDocument()
    cleanup()
    render(HandoutSheet, { people, title: 'Accès', pinSlips: true })
    const slips = screen.getByTestId('pin-slips')
    expect(within(slips).getByText('Votre code PIN pour les portes :')).toBeInTheDocument()
    expect(within(slips).queryByText(/Your PIN|Learn it/)).toBeNull()
  }, 30_000)

  it('the enrollment line, before it starts, in Spanish', async () => {
    const { bridge } = scriptedBridge({
      'sites.devices': () => ({ ok: true, result: { items: [] } }),
      'sites.doors': () => ({ ok: true, result: { items: [] } })
    })
    setApiForTests(bridge)
    deskLanguage.choose('es')
    render(EnrollmentLine)
    expect(await screen.findByRole('heading', { name: 'Línea de registro' }, { timeout: 5000 })).toBeInTheDocument()
    expect(await screen.findByText('La consola no tiene ningún lector en red en el que registrar.')).toBeInTheDocument()
    expect(screen.getByTestId('line-state')).toHaveTextContent('Elija el lector e inicie la línea')
    expect(screen.getByRole('button', { name: /Iniciar la línea/ })).toBeInTheDocument()
    expect(screen.queryByText(/Enrollment line|Start the line|Choose the reader/)).toBeNull()
  }, 30_000)
})
