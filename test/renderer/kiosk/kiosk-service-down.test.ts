import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import KioskApp from '../../../src/renderer/src/screens/kiosk/KioskApp.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import { SERVICE_LOST_CODE } from '../../../src/web/bridge-status'
import type { AppErrorData } from '../../../src/shared/errors'
import { scriptedBridge } from '../../support/fake-bridge'

const source = { online: true, loadedAt: new Date().toISOString(), visitors: 3, canCheckInOffline: 3 }

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
  serviceLink.status = undefined
})

/** The call's error when the tab cannot reach web mode's service, as bridge-client.ts makes it. */
const lost: AppErrorData = {
  kind: 'network',
  code: SERVICE_LOST_CODE,
  message: "The connection to Access Desk's local service is lost.",
  hint: 'Restart it with npm start (or npm run web) and open the address it prints.',
  retryable: true
}

/**
 * Web mode's service goes down while a visitor uses the kiosk in Spanish: the visitor is told, in
 * Spanish, that the kiosk is paused and to see the desk. The operator's instructions (restart with
 * npm start, keep the tab open, copy what was typed) are the desk's and stay off the kiosk's screen.
 */
describe('the kiosk while web mode’s service is down', () => {
  it('says "paused, see the desk" in the visitor’s language, never the operator’s commands', async () => {
    deskLanguage.choose('en')
    const settings = { pinSet: true, idleSeconds: 60, directions: '', deskName: 'Recepción B' }
    const { bridge } = scriptedBridge({
      'app.info': () => ({ ok: true, result: { transport: 'web' } }),
      'kiosk.refresh': () => ({ ok: true, result: { source, settings } }),
      'kiosk.find': () => ({ ok: false, error: lost })
    })
    setApiForTests(bridge)
    serviceLink.take('connected')
    const { container } = render(KioskApp)
    await fireEvent.click(await screen.findByRole('button', { name: 'Español' }, { timeout: 10_000 }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Registrar mi llegada' }, { timeout: 10_000 }))
    await fireEvent.input(screen.getByRole('textbox', { name: 'Su nombre y apellidos' }), {
      target: { value: 'Lucía Gómez' }
    })

    serviceLink.take('lost')
    await fireEvent.click(screen.getByRole('button', { name: 'Continuar' }))
    const banner = screen.getByTestId('service-banner')
    await expect
      .poll(() => banner.textContent)
      .toContain('Este quiosco está en pausa: por favor, diríjase a Recepción B.')
    await expect
      .poll(() => screen.queryByRole('alert')?.textContent ?? '')
      .toContain('Este quiosco está en pausa: por favor, diríjase a Recepción B.')
    // Nothing of the operator's: no command, no English banner, no "keep this tab open".
    expect(container.textContent).not.toMatch(/npm|Restart it|Reinícielo|keep this tab|copy it/i)
    expect(container.textContent).not.toContain("Access Desk's local service")

    // Back: the visitor's banner goes, nothing of the operator's said either.
    serviceLink.take('connected')
    await expect.poll(() => banner.textContent?.trim()).toBe('')
  }, 30_000)
})
