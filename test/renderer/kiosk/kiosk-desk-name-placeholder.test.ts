import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import KioskSettingsPanel from '../../../src/renderer/src/components/kiosk/KioskSettingsPanel.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'

afterEach(async () => {
  cleanup()
  await deskLanguage.choose(null)
})

/**
 * Settings → Kiosk on a French desk, the reception never named: the field is empty with a French
 * placeholder (never the English default as its value), and Save sends no name.
 */
describe('Settings → Kiosk: the reception name not typed', () => {
  it('is a placeholder in the desk’s language, and Save keeps it unnamed', async () => {
    await deskLanguage.choose('fr')
    const sent: { deskName?: string }[] = []
    const settings = { pinSet: true, idleSeconds: 60, directions: '', deskName: '' }
    const { bridge } = scriptedBridge({
      'kiosk.settings': () => ({ ok: true, result: settings }),
      'kiosk.saveSettings': (input) => (sent.push(input as { deskName?: string }), { ok: true, result: settings })
    })
    setApiForTests(bridge)
    render(KioskSettingsPanel)
    const field = await screen.findByLabelText('Accueil vers lequel les visiteurs sont envoyés', {}, { timeout: 5_000 })
    expect(field).toHaveValue('')
    expect(field).toHaveAttribute('placeholder', 'l’accueil, dans la langue de chaque visiteur')
    field.closest('form')!.requestSubmit()
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.deskName).toBe('')
  })
})
