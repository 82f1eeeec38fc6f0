import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/svelte'
import ExitDialog from '../../../src/renderer/src/components/kiosk/ExitDialog.svelte'
import KioskSettingsPanel from '../../../src/renderer/src/components/kiosk/KioskSettingsPanel.svelte'
import { kioskEnglish } from '../../../src/shared/kiosk/kiosk-english'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'

afterEach(() => cleanup())

/**
 * The kiosk's exit PIN is typed in three fields (Settings sets it twice, the kiosk's exit dialog asks
 * it), all one KioskPinField: hidden as typed, the number pad on a touch screen, never offered from the
 * browser's saved passwords (Settings' as a new password, the exit dialog's off).
 */
describe('every kiosk PIN field', () => {
  it('is masked, numeric and not autofilled, in Settings and in the exit dialog', async () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true
    }
    const settings = { pinSet: true, idleSeconds: 60, directions: '', deskName: 'Reception' }
    setApiForTests(
      scriptedBridge({
        'kiosk.settings': () => ({ ok: true, result: settings }),
        'kiosk.exitWait': () => ({ ok: true, result: { waitSeconds: 0 } })
      }).bridge
    )
    render(KioskSettingsPanel)
    const panel = await screen.findByTestId('kiosk-settings')
    const setting = [
      await within(panel).findByLabelText('New kiosk PIN (4–12 digits)'),
      within(panel).getByLabelText('The same PIN again')
    ]
    render(ExitDialog, { words: kioskEnglish(), onclose: () => undefined, onleft: () => undefined })
    const asking = within(screen.getByTestId('kiosk-exit')).getByLabelText('Kiosk PIN')

    for (const field of [...setting, asking]) {
      expect(field).toHaveAttribute('type', 'password')
      expect(field).toHaveAttribute('inputmode', 'numeric')
    }
    for (const field of setting) expect(field).toHaveAttribute('autocomplete', 'new-password')
    expect(asking).toHaveAttribute('autocomplete', 'off')
    // Exactly the three: no other field of these two takes a PIN.
    expect(document.querySelectorAll('input[type="password"]')).toHaveLength(3)
  })
})
