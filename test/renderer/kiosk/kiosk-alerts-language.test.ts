import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import KioskApp from '../../../src/renderer/src/screens/kiosk/KioskApp.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { KioskBadge, KioskFound } from '../../../src/shared/kiosk/schemas'
import { badgeStockIds } from '../../../src/shared/badges/label-stocks'
import { printerStatusOf } from '../../../src/shared/badges/printer-state'
import { printerNotReady, printFailureWords } from '../../../src/main/services/printing/printer-failure'
import type { AppErrorData } from '../../../src/shared/errors'
import { scriptedBridge } from '../../support/fake-bridge'

const source = { online: true, loadedAt: new Date().toISOString(), visitors: 3, canCheckInOffline: 3 }
const visit = { visitorId: 'v1', name: 'Lucía Gómez', company: '', host: '', validFrom: 0, validTo: 0 }

beforeEach(() => {
  // jsdom has no modal dialogs: opening one is all the exit dialog needs here.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true
  }
})
afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

/** The kiosk with main's answers scripted; the desk speaks English, the visitor picks Español. */
async function spanishVisitor(deskName: string, answers: Parameters<typeof scriptedBridge>[0]) {
  deskLanguage.choose('en')
  const settings = { pinSet: true, idleSeconds: 60, directions: '', deskName }
  const { bridge } = scriptedBridge({
    'app.info': () => ({ ok: true, result: { transport: 'web' } }),
    'kiosk.refresh': () => ({ ok: true, result: { source, settings } }),
    ...answers
  })
  setApiForTests(bridge)
  render(KioskApp)
  // The kiosk's words load on first render (a cold start can take more than the default second).
  await fireEvent.click(await screen.findByRole('button', { name: 'Español' }, { timeout: 10_000 }))
  await fireEvent.click(await screen.findByRole('button', { name: 'Registrar mi llegada' }, { timeout: 10_000 }))
  await fireEvent.input(screen.getByRole('textbox', { name: 'Su nombre y apellidos' }), {
    target: { value: 'Lucía Gómez' }
  })
  await fireEvent.click(screen.getByRole('button', { name: 'Continuar' }))
}

describe('the kiosk’s alerts in the visitor’s language', () => {
  it('says main’s "offline with no visitors" in Spanish, naming the desk as the kiosk does', async () => {
    // As main's kiosk-service.ts makes it: English words, the desk's name in details.
    const offline: AppErrorData = {
      kind: 'network',
      code: 'KIOSK_OFFLINE_EMPTY',
      message: 'The kiosk cannot reach the console and has no visitors loaded yet.',
      hint: 'Please see the reception desk: they will help you.',
      retryable: true,
      details: { desk: 'the reception desk' }
    }
    await spanishVisitor('the reception desk', { 'kiosk.find': () => ({ ok: false, error: offline }) })
    const alert = await screen.findByRole('alert')
    await expect
      .poll(() => alert.textContent)
      .toContain('El quiosco no puede contactar con la consola y aún no tiene visitantes cargados.')
    expect(alert).toHaveTextContent('Acuda a la recepción: allí le ayudarán.')
  })

  it('says in Spanish that a visit with no door gets no badge, with the desk’s own name', async () => {
    const found: KioskFound = { kind: 'none', reason: 'not-now', refusal: { reason: 'no-doors' } }
    await spanishVisitor('Recepción B', { 'kiosk.find': () => ({ ok: true, result: { found, source } }) })
    await expect
      .poll(() => screen.queryByTestId('kiosk-none')?.textContent ?? '')
      .toContain(
        'Su visita todavía no abre ninguna puerta: una tarjeta impresa en este quiosco no le dejaría entrar. Por favor, diríjase a Recepción B.'
      )
    // Run alone, it loads the kiosk's words cold (Spanish too): more than the default 5 s on a busy machine.
  }, 20_000)

  it('says the badge printer is not ready in Spanish, with the desk’s own name as typed', async () => {
    const found: KioskFound = { kind: 'one', visit }
    const printer: AppErrorData = {
      kind: 'conflict',
      code: 'KIOSK_PRINTER_NOT_READY',
      message:
        'You are checked in, but your badge cannot be printed here right now: the badge printer is not ready. Please see Recepción B: they will print it for you.',
      hint: 'They will help you.',
      retryable: true,
      details: { printer: 'ipp://printer', printerState: 'stopped', desk: 'Recepción B' }
    }
    await spanishVisitor('Recepción B', {
      'kiosk.find': () => ({ ok: true, result: { found, source } }),
      'kiosk.badge': () => ({ ok: false, error: printer })
    })
    await fireEvent.click(await screen.findByRole('button', { name: 'Sí, imprimir mi tarjeta' }))
    await expect
      .poll(() => screen.queryByRole('alert')?.textContent ?? '')
      .toContain(
        'Su llegada está registrada, pero su tarjeta no se puede imprimir aquí ahora mismo: la impresora de tarjetas no está lista. Acuda a Recepción B: allí se la imprimirán.'
      )
    expect(screen.getByRole('alert')).toHaveTextContent('Allí le ayudarán.')
  })
})

describe('the kiosk’s wrong-PIN alert in the kiosk’s language', () => {
  it('says main’s "not the kiosk PIN" in the desk’s German to staff, tries left by German plurals', async () => {
    deskLanguage.choose('de')
    const wrong: AppErrorData = {
      kind: 'validation',
      code: 'KIOSK_PIN_WRONG',
      message: 'That is not the kiosk PIN.',
      hint: 'Type the PIN set in Settings → Kiosk. 1 try left before the kiosk makes you wait.',
      retryable: false,
      details: { triesLeft: 1 }
    }
    const settings = { pinSet: true, idleSeconds: 60, directions: '', deskName: 'the reception desk' }
    const { bridge } = scriptedBridge({
      'app.info': () => ({ ok: true, result: { transport: 'web' } }),
      'kiosk.refresh': () => ({ ok: true, result: { source, settings } }),
      'kiosk.exitWait': () => ({ ok: true, result: { waitSeconds: 0 } }),
      'kiosk.exit': () => ({ ok: false, error: wrong })
    })
    setApiForTests(bridge)
    render(KioskApp)
    await fireEvent.click(await screen.findByRole('button', { name: 'Personal' }, { timeout: 10_000 }))
    await fireEvent.input(await screen.findByLabelText('Kiosk-PIN'), { target: { value: '1111' } })
    await fireEvent.submit(screen.getByTestId('kiosk-exit').querySelector('form')!)
    await expect.poll(() => screen.queryByRole('alert')?.textContent ?? '').toContain('Das ist nicht die Kiosk-PIN.')
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Geben Sie die unter Einstellungen → Kiosk festgelegte PIN ein. Noch 1 Versuch, bevor der Kiosk Sie warten lässt.'
    )
  })

  it('says why the badge was not printed in Spanish: the printer’s own reason (out of labels), by its name', async () => {
    const found: KioskFound = { kind: 'one', visit }
    const badge: KioskBadge = {
      job: {
        visitorId: 'v1',
        name: visit.name,
        company: '',
        host: '',
        validFrom: 0,
        validTo: 0,
        stock: badgeStockIds[0]
      },
      qrPngBase64: 'iVBORw0KGgo=',
      qrAssigned: false,
      doors: [],
      source,
      mainPrints: true
    }
    // As main's kiosk-service.ts records it: its English, and the failure's facts with its hint on its own.
    const words = printFailureWords(
      printerNotReady(
        { url: 'ipp://10.0.0.9/ipp/print', displayName: 'Lobby' },
        printerStatusOf('stopped', ['media-empty-error'])
      )
    )
    const checkin = { id: 'c1', at: '', visitorId: 'v1', name: visit.name, company: '', host: '', offline: false }
    await spanishVisitor('Recepción B', {
      'kiosk.find': () => ({ ok: true, result: { found, source } }),
      'kiosk.badge': () => ({ ok: true, result: badge }),
      'kiosk.checkIn': () => ({
        ok: true,
        result: {
          ...checkin,
          printed: false,
          output: 'printer',
          printError: words.desk,
          printReason: words.visitor,
          printFailure: JSON.parse(JSON.stringify(words.facts))
        }
      })
    })
    await fireEvent.click(await screen.findByRole('button', { name: 'Sí, imprimir mi tarjeta' }))
    await expect
      .poll(() => screen.queryByTestId('kiosk-print-reason')?.textContent ?? '', { timeout: 5000 })
      .toContain('La impresora «Lobby» se ha quedado sin etiquetas.')
    expect(screen.getByTestId('kiosk-print-reason')).not.toHaveAttribute('lang', 'en')
    expect(screen.getByTestId('kiosk-print-reason')).not.toHaveTextContent(/out of labels|Load a new roll/)
  }, 20_000)
})
