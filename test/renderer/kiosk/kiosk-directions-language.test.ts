import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import KioskApp from '../../../src/renderer/src/screens/kiosk/KioskApp.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { KioskBadge, KioskSettings } from '../../../src/shared/kiosk/schemas'
import { badgeStockIds } from '../../../src/shared/badges/label-stocks'
import { scriptedBridge } from '../../support/fake-bridge'

/**
 * The kiosk's directions in the visitor's language: a German desk, a visitor who picks Español. With
 * Spanish directions they read those; with German ones only, the German text, marked lang="de" so a
 * screen reader does not read German with a Spanish voice — never one text for every language.
 */
const source = { online: true, loadedAt: new Date().toISOString(), visitors: 1, canCheckInOffline: 1 }
const visit = { visitorId: 'v1', name: 'Lucía Ortega', company: '', host: '', validFrom: 0, validTo: 0 }
const german = 'Nehmen Sie den Aufzug in den 3. Stock.'
const spanish = 'Tome el ascensor hasta la planta 3.'

afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  await deskLanguage.choose(null)
})

async function checkInInSpanish(settings: KioskSettings) {
  await deskLanguage.choose('de')
  const badge: KioskBadge = {
    job: { ...visit, stock: badgeStockIds[0] },
    qrPngBase64: 'iVBORw0KGgo=',
    qrAssigned: false,
    doors: [],
    source,
    mainPrints: true
  }
  const { bridge } = scriptedBridge({
    'app.info': () => ({ ok: true, result: { transport: 'web' } }),
    'kiosk.refresh': () => ({ ok: true, result: { source, settings } }),
    'kiosk.find': () => ({ ok: true, result: { found: { kind: 'one', visit }, source } }),
    'kiosk.badge': () => ({ ok: true, result: badge }),
    'kiosk.checkIn': () => ({
      ok: true,
      result: { id: 'c1', at: '', ...visit, printed: true, output: 'printer', offline: false }
    })
  })
  setApiForTests(bridge)
  URL.createObjectURL ??= () => 'blob:qr'
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:qr')
  render(KioskApp)
  await fireEvent.click(await screen.findByRole('button', { name: 'Español' }, { timeout: 10_000 }))
  await fireEvent.click(await screen.findByRole('button', { name: 'Registrar mi llegada' }, { timeout: 10_000 }))
  await fireEvent.input(screen.getByRole('textbox', { name: 'Su nombre y apellidos' }), {
    target: { value: visit.name }
  })
  await fireEvent.click(screen.getByRole('button', { name: 'Continuar' }))
  await fireEvent.click(await screen.findByRole('button', { name: 'Sí, imprimir mi tarjeta' }, { timeout: 5_000 }))
  return screen.findByTestId('kiosk-directions', {}, { timeout: 5_000 })
}

const base = { pinSet: true, idleSeconds: 60, deskName: 'the reception desk' }

describe('the kiosk’s directions follow the visitor’s language', () => {
  it('Spanish directions for a Spanish visitor on a German desk: in the page’s language', async () => {
    const shown = await checkInInSpanish({ ...base, directions: '', directionsByLanguage: { de: german, es: spanish } })
    expect(shown).toHaveTextContent(spanish)
    expect(shown).not.toHaveAttribute('lang')
    expect(document.documentElement.lang).toBe('es')
  })

  it('German directions only: shown to the Spanish visitor marked lang="de"', async () => {
    const shown = await checkInInSpanish({ ...base, directions: '', directionsByLanguage: { de: german, es: '' } })
    expect(shown).toHaveTextContent(german)
    expect(shown).toHaveAttribute('lang', 'de')
  })

  it('old settings (one text): the desk language’s, marked lang="de"', async () => {
    const shown = await checkInInSpanish({ ...base, directions: german })
    expect(shown).toHaveTextContent(german)
    expect(shown).toHaveAttribute('lang', 'de')
  })
})
