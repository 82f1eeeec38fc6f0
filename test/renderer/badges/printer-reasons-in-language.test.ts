import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/svelte'
import BadgePrinters from '../../../src/renderer/src/components/badges/BadgePrinters.svelte'
import CheckinList from '../../../src/renderer/src/components/kiosk/CheckinList.svelte'
import ErrorNotice from '../../../src/renderer/src/components/ErrorNotice.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { buildApi } from '../../../src/preload/api'
import { printerStatusOf } from '../../../src/shared/badges/printer-state'
import { AppError } from '../../../src/shared/errors'
import type { KioskCheckin } from '../../../src/shared/kiosk/schemas'
import { printerNotReady, printFailureWords } from '../../../src/main/services/printing/printer-failure'

/**
 * A printer's own reasons (IPP printer-state-reasons) in the desk's language, in every place that says a
 * printer's state: Badges' printer list, a print's failure (ErrorNotice: Badges, Visitors, Today) and
 * Today's kiosk rows. Main's state and failures are its own (printerStatusOf, printerNotReady,
 * printFailureWords), as they come through the wire; the kiosk's notice in the visitor's language is in
 * test/renderer/kiosk/kiosk-alerts-language.test.ts.
 */
const lobby = { url: 'ipp://10.0.0.9:631/ipp/print', displayName: 'Lobby' }
const outOfLabels = printerStatusOf('stopped', ['media-empty-error'], true)
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

function answering(answers: Record<string, (input: never) => unknown>) {
  setApiForTests(
    buildApi(
      async (channel, input) => {
        const answer = answers[channel]
        return answer
          ? { ok: true, result: wire(answer(input as never)) }
          : { ok: false, error: { kind: 'server', message: `unscripted ${channel}`, retryable: false } }
      },
      () => () => undefined
    )
  )
}

const cases = [
  {
    language: 'de',
    state: 'Keine Etiketten',
    hint: 'Legen Sie eine neue Etikettenrolle ein, dann drucken Sie den Ausweis unter Ausweise erneut.',
    failure: 'Der Drucker „Lobby“ hat keine Etiketten mehr. Es wurde kein Ausweis gedruckt.',
    other: 'Der Drucker meldet „spool-area-full“.'
  },
  {
    language: 'es',
    state: 'Sin etiquetas',
    hint: 'Coloque un rollo nuevo de etiquetas y después vuelva a imprimir la credencial desde Credenciales.',
    failure: 'La impresora «Lobby» se ha quedado sin etiquetas. No se imprimió ninguna credencial.',
    other: 'La impresora indica «spool-area-full».'
  }
] as const

describe('a printer’s own reasons in the desk’s language', () => {
  for (const c of cases) {
    it(`${c.language}: Badges’ printer list says the state and what to do; an unknown reason as the printer gives it`, async () => {
      deskLanguage.choose(c.language)
      const statuses: Record<string, unknown> = {
        lobby: outOfLabels,
        hall: printerStatusOf('stopped', ['spool-area-full-error'], true)
      }
      answering({ 'badges.printerStatus': (input: { printer: string }) => statuses[input.printer] })
      const printer = (name: string) => ({ name, displayName: name, isDefault: false, kind: 'ipp' as const })
      render(BadgePrinters, {
        props: { printers: [printer('lobby'), printer('hall')], stock: 'dk-11202', onchanged: () => undefined }
      })
      const rows = await screen.findAllByTestId('badge-printer')
      const lobbyRow = within(rows[0]!)
      await expect.poll(() => lobbyRow.getByTestId('badge-printer-state').textContent, { timeout: 5000 }).toBe(c.state)
      expect(lobbyRow.getByTestId('badge-printer-hint')).toHaveTextContent(c.hint)
      expect(lobbyRow.getByTestId('badge-printer-hint')).not.toHaveAttribute('lang')
      await expect
        .poll(() => within(rows[1]!).queryByTestId('badge-printer-hint')?.textContent ?? '')
        .toContain(c.other)
      expect(rows[1]).not.toHaveTextContent(/Stopped|Check the printer/)
    })

    it(`${c.language}: a print’s failure for the printer’s reason (Badges, Visitors, Today) says it and the advice`, async () => {
      deskLanguage.choose(c.language)
      answering({})
      const error = wire(printerNotReady(lobby, outOfLabels).toData())
      render(ErrorNotice, { props: { error: new AppError(error) } })
      const notice = await screen.findByRole('alert')
      await expect.poll(() => notice.textContent).toContain(c.failure)
      expect(notice).toHaveTextContent(c.hint)
      expect(notice).not.toHaveTextContent(/out of labels|No badge/)
    })

    it(`${c.language}: Today’s kiosk rows say why the badge was not printed and what to do`, async () => {
      deskLanguage.choose(c.language)
      const words = printFailureWords(printerNotReady(lobby, outOfLabels))
      const entry: KioskCheckin = {
        id: 'k1',
        at: new Date().toISOString(),
        visitorId: 'v1',
        name: 'Omar Quist',
        company: 'Globex',
        host: '',
        printed: false,
        output: 'printer',
        printer: 'Lobby',
        printError: words.desk,
        printReason: words.visitor,
        printFailure: words.facts,
        offline: false
      }
      answering({ 'kiosk.checkins': () => ({ items: [entry] }) })
      render(CheckinList)
      const table = await screen.findByRole('table')
      await expect.poll(() => table.textContent).toContain(c.failure)
      expect(table).toHaveTextContent(c.hint)
      expect(table).not.toHaveTextContent(/out of labels|Load a new roll/)
    })
  }
})
