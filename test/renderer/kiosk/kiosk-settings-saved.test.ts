import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import KioskSettingsPanel from '../../../src/renderer/src/components/kiosk/KioskSettingsPanel.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'

afterEach(() => cleanup())

/**
 * Settings → Kiosk, after Save with a new PIN: the PIN typed is not left in the fields (hidden, but
 * there for the next Save or whoever sits down), and the focus goes to the saved line (the app's
 * focus rule, lib/action-outcome focusResult), never left in a PIN field or on the page body.
 */
describe('Settings → Kiosk: after Save', () => {
  it('empties both PIN fields and puts the focus on the saved line; main got the PIN once', async () => {
    const sent: unknown[] = []
    const settings = { pinSet: false, idleSeconds: 60, directions: '', deskName: 'Reception' }
    const { bridge } = scriptedBridge({
      'kiosk.settings': () => ({ ok: true, result: settings }),
      'kiosk.saveSettings': (input) => (sent.push(input), { ok: true, result: { ...settings, pinSet: true } })
    })
    setApiForTests(bridge)
    render(KioskSettingsPanel)
    const panel = await screen.findByTestId('kiosk-settings')
    const pin = await within(panel).findByLabelText(/^Kiosk PIN/)
    const again = within(panel).getByLabelText('The same PIN again')
    await fireEvent.input(pin, { target: { value: '482913' } })
    await fireEvent.input(again, { target: { value: '482913' } })
    again.focus()
    // Enter in the second PIN field submits, as a person at the keyboard saves.
    await fireEvent.submit(again.closest('form')!)

    const line = await within(panel).findByText('Saved. The new kiosk PIN is set.')
    expect(sent).toEqual([expect.objectContaining({ pin: '482913' })])
    await waitFor(() => expect(document.activeElement).toBe(line))
    expect(within(panel).getByLabelText(/kiosk PIN/)).toHaveValue('')
    expect(within(panel).getByLabelText('The same PIN again')).toHaveValue('')
  })
})

describe('Settings → Kiosk: the directions per language', () => {
  afterEach(async () => {
    await deskLanguage.choose(null)
  })

  it('old settings (one text) show in the desk language’s field; Save sends each language’s own', async () => {
    await deskLanguage.choose('de')
    const sent: unknown[] = []
    const settings = { pinSet: true, idleSeconds: 60, directions: 'Aufzug in den 3. Stock.', deskName: 'Empfang' }
    const { bridge } = scriptedBridge({
      'kiosk.settings': () => ({ ok: true, result: settings }),
      'kiosk.saveSettings': (input) => (sent.push(input), { ok: true, result: settings })
    })
    setApiForTests(bridge)
    render(KioskSettingsPanel)
    const german = await screen.findByTestId('kiosk-directions-de', {}, { timeout: 5_000 })
    await waitFor(() => expect(german).toHaveValue('Aufzug in den 3. Stock.'))
    expect(german).toHaveAttribute('lang', 'de')
    expect(screen.getByLabelText('Español')).toHaveValue('')
    await fireEvent.input(screen.getByLabelText('Español'), { target: { value: 'Ascensor a la planta 3.' } })
    await fireEvent.submit(german.closest('form')!)
    await waitFor(() =>
      expect(sent).toEqual([
        expect.objectContaining({
          directions: '',
          directionsByLanguage: { en: '', de: 'Aufzug in den 3. Stock.', fr: '', es: 'Ascensor a la planta 3.' }
        })
      ])
    )
  })
})
