import '@testing-library/jest-dom/vitest'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, within } from '@testing-library/svelte'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import { printerStates } from '../../../src/renderer/src/stores/printer-states.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { AppError } from '../../../src/shared/errors'
import { IPP_STACK_HOOK_MS, ippPrinterStack, type IppPrinterStack } from '../../support/ipp-printer'
import { printerPanel } from './printer-panel'

/**
 * Badges' printer list while a badge prints and after its printer is gone, in the desk's language: from
 * the moment a badge is sent until its outcome the printer says it is printing (a job the printer holds
 * without finishing was shown Ready for as long as the print waited); a printer nobody answers at is
 * Offline with what to do in the desk's language, worded from main's failure (PRINTER_UNREACHABLE), not
 * main's English. Main's real badge service reads a real IPP printer's state (ippeveprinter on loopback),
 * switched off while the badge prints; the print itself is held here.
 */
let stack: IppPrinterStack
beforeAll(async () => {
  stack = await ippPrinterStack()
}, IPP_STACK_HOOK_MS)
afterAll(async () => {
  await stack?.stop()
})
afterEach(async () => {
  cleanup()
  printerStates.clear()
  await deskLanguage.choose(null)
})

const job = {
  visitorId: 'v-1',
  name: 'Ada Brook',
  company: 'Initech',
  host: '',
  validFrom: Math.floor(Date.now() / 1000),
  validTo: Math.floor(Date.now() / 1000) + 3600,
  stock: 'dk-11202' as const
}

const cases = [
  {
    language: 'de',
    checkAgain: 'Drucker erneut prüfen',
    ready: 'Bereit',
    printing: 'Druckt',
    offline: 'Offline',
    hint: 'Prüfen Sie, ob der Drucker eingeschaltet und mit dem Netzwerk verbunden ist und seine Adresse unter Ausweise stimmt; dann drucken Sie den Ausweis erneut.'
  },
  {
    language: 'es',
    checkAgain: 'Volver a comprobar las impresoras',
    ready: 'Lista',
    printing: 'Imprimiendo',
    offline: 'Desconectada',
    hint: 'Compruebe que la impresora está encendida y conectada a la red, y que su dirección en Credenciales es correcta; después vuelva a imprimir la credencial.'
  }
] as const

describe('a printer’s state while a badge prints, and once it is gone, in the desk’s language', () => {
  for (const c of cases)
    it(`${c.language}: Printing while the badge is out; Offline with what to do once the printer is gone`, async () => {
      await deskLanguage.choose(c.language)
      let answer: (failure: AppError) => void = () => undefined
      const { view, main, data } = await printerPanel({
        answers: {
          // The badge's job is held by the printer until the test says how it ended.
          'badges.print': () => new Promise((_, reject) => (answer = reject))
        }
      })
      try {
        const printer = await stack.start({ name: 'Lobby labels' })
        const url = printer.url
        await main('badges.addPrinter', { url, name: 'Lobby' })
        await fireEvent.click(await view.findByRole('button', { name: c.checkAgain }))
        const row = () => within(view.getByTestId('badge-printer'))
        const state = () => row().getByTestId('badge-printer-state')
        await expect.poll(() => state().textContent, { timeout: 5_000 }).toBe(c.ready)

        const printed = badgeDesk.print({ job, printer: url } as never).catch((err: unknown) => err)
        await expect.poll(() => state().textContent, { timeout: 5_000 }).toBe(c.printing)
        expect(row().queryByTestId('badge-printer-hint')).toBeNull()

        // The printer went while the job ran: the print fails, and the list reads the printer again.
        await printer.stop()
        answer(new AppError({ kind: 'network', code: 'PRINTER_UNREACHABLE', message: 'gone', retryable: true }))
        await printed
        await expect.poll(() => state().textContent, { timeout: 10_000 }).toBe(c.offline)
        expect(row().getByTestId('badge-printer-hint')).toHaveTextContent(c.hint)
        expect(row().getByTestId('badge-printer-hint')).not.toHaveAttribute('lang')
        expect(view.getByTestId('badge-printer')).not.toHaveTextContent(/Check that the printer|Printing|Ready/)
      } finally {
        await data.remove()
      }
    }, 30_000)
})
