import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import KioskApp from '../../../src/renderer/src/screens/kiosk/KioskApp.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import es from '../../../src/shared/i18n/messages/kiosk/es.json'

const source = { online: true, loadedAt: new Date().toISOString(), visitors: 3, canCheckInOffline: 3 }
const settings = { pinSet: true, idleSeconds: 60, directions: '', deskName: 'the front desk' }

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

/**
 * A name that matched nothing is sent back with "check the spelling and try again": the name comes
 * back as it was typed, selected, with the focus in its field, so one letter can be fixed or the
 * whole name typed over. Found with a Spanish visitor, the words are the Spanish catalogue's.
 */
describe('Try again after a name that matched nothing', () => {
  it('keeps the name typed, selected, with the focus in the field', async () => {
    deskLanguage.choose('en')
    const searched: unknown[] = []
    const { bridge } = scriptedBridge({
      'app.info': () => ({ ok: true, result: { transport: 'web' } }),
      'kiosk.refresh': () => ({ ok: true, result: { source, settings } }),
      'kiosk.find': (input) => {
        searched.push(input)
        return { ok: true, result: { found: { kind: 'none', reason: 'no-match' }, source } }
      }
    })
    setApiForTests(bridge)
    render(KioskApp)
    await fireEvent.click(await screen.findByRole('button', { name: 'Español' }, { timeout: 10_000 }))
    await fireEvent.click(await screen.findByRole('button', { name: es['welcome.checkIn'] }))
    await fireEvent.input(screen.getByRole('textbox', { name: es['find.name'] }), {
      target: { value: 'Lucia Gomes' }
    })
    await fireEvent.click(screen.getByRole('button', { name: es['action.continue'] }))
    await screen.findByRole('heading', { name: es['none.titleNotFound'] })
    // With the desk's time zone: the kiosk's today is the desk's (lib/desk-zone.ts).
    expect(searched).toEqual([{ name: 'Lucia Gomes', timeZone: expect.any(String) }])

    await fireEvent.click(screen.getByRole('button', { name: es['action.tryAgain'] }))
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: es['find.name'] })
    expect(field).toHaveValue('Lucia Gomes')
    await waitFor(() => expect(document.activeElement).toBe(field))
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'Lucia Gomes'.length])
  })
})
