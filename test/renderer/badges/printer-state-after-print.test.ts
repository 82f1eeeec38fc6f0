import '@testing-library/jest-dom/vitest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, waitFor, within } from '@testing-library/svelte'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import { IPP_STACK_HOOK_MS, ippPrinterStack, type IppPrinterStack } from '../../support/ipp-printer'
import { printerPanel } from './printer-panel'

/**
 * Badges' printer list and a print to one of its printers never disagree (stores/printer-states): the
 * printer switched off after the list read it Ready, the next badge to it fails as not reachable and the
 * list says so too, without Check printers again; switched on again, the next badge that goes through
 * says Ready again. A real IPP printer (ippeveprinter on loopback) under main's real badge service.
 */
describe('a printer’s state in the list follows every print to it', () => {
  let stack: IppPrinterStack
  beforeAll(async () => {
    stack = await ippPrinterStack()
  }, IPP_STACK_HOOK_MS)
  afterAll(async () => {
    cleanup()
    await stack?.stop()
  })

  it('Ready; the printer gone, a badge fails and the list says it too; back, the next badge says Ready', async () => {
    const first = await stack.start({ name: 'Lobby labels' })
    const { view, main, data } = await printerPanel()
    try {
      await main('badges.addPrinter', { url: first.url, name: 'Lobby' })
      await fireEvent.click(view.getByRole('button', { name: 'Check printers again' }))
      const state = () => within(view.getByTestId('badge-printer')).getByTestId('badge-printer-state')
      await waitFor(() => expect(state()).toHaveTextContent('Ready'))

      const job = {
        visitorId: 'v-1',
        name: 'Ada Brook',
        company: 'Initech',
        host: '',
        validFrom: Math.floor(Date.now() / 1000),
        validTo: Math.floor(Date.now() / 1000) + 3600,
        stock: 'dk-11202' as const
      }
      // Switched off: the badge is refused as the Badges screen asks it (before any QR code), not printed.
      await first.stop()
      const failed = await badgeDesk.checkPrinter({ job, printer: first.url }).catch((err: unknown) => err)
      expect(failed).toMatchObject({ code: 'PRINTER_UNREACHABLE' })
      // The list says it too, with no Check printers again pressed.
      await waitFor(() => expect(state()).not.toHaveTextContent('Ready'), { timeout: 5_000 })
      expect(state().textContent).toBe((await main('badges.printerStatus', { printer: first.url })).words)

      // Switched on again at the same address: the next badge to it goes through, and the list says Ready.
      await stack.start({ name: 'Lobby labels', port: first.port })
      await expect(badgeDesk.checkPrinter({ job, printer: first.url })).resolves.toEqual({ ready: true })
      await waitFor(() => expect(state()).toHaveTextContent('Ready'), { timeout: 5_000 })
    } finally {
      await data.remove()
    }
  }, 60_000)
})
