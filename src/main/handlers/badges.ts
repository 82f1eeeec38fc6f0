import type { AppServices } from '../services/app-services'
import { findPrinters } from '../services/printing/printer-discovery'
import { FIND_PRINTERS_SECONDS } from '../../shared/badges/found-printer'
import type { HandlersOf } from './types'

export function badgeHandlers({ badges }: AppServices): HandlersOf<'badges'> {
  return {
    'badges.settings': () => badges.getSettings(),
    'badges.saveSettings': (input) => badges.saveSettings(input),
    'badges.history': async (input) => ({ items: await badges.list(input?.limit ?? 100) }),
    'badges.printers': () => badges.printers(),
    'badges.print': (input) => badges.print(input),
    'badges.checkPrinter': (input) => badges.checkPrinter(input),
    'badges.pdf': (input) => badges.pdf(input),
    'badges.record': (input) => badges.record(input),
    'badges.probePrinter': (input) => badges.probePrinter(input.url),
    'badges.addPrinter': (input) => badges.addPrinter(input),
    // Nothing kept: what the network announces now, listened for within the time asked.
    'badges.findPrinters': async (input) => ({
      items: await findPrinters((input?.seconds ?? FIND_PRINTERS_SECONDS.default) * 1000)
    }),
    'badges.removePrinter': async (input) => (await badges.removePrinter(input.printer), { removed: true as const }),
    'badges.printerStatus': (input) => badges.printerStatus(input.printer, input.stock),
    'badges.testLabel': (input) => badges.testLabel(input)
  }
}
