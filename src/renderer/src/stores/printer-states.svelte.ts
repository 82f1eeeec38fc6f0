import { SvelteMap } from 'svelte/reactivity'
import type { BadgeStockId } from '../../../shared/badges/schemas'
import type { PrinterStatus } from '../../../shared/badges/printer-state'
import { getApi } from '../lib/api'

/**
 * Each of main's printers' state as Badges' printer list shows it, in one place, fed by everything that
 * learns it: the list's own reads (as it opens, Check printers again, another label stock) and every
 * outcome of a print to the printer — a badge printed or failed, a printer asked before a badge, a test
 * label (`afterPrint`, which the badge desk's store runs for each). So a print that finds the printer
 * switched off is never shown beside a list that still says Ready, and the next print that goes through
 * says Ready again, as the connection's state is fed by every answer of the console.
 *
 * A state is undefined when it could not be read ("Could not be read"); a printer not yet asked is absent.
 */
class PrinterStates {
  readonly #states = new SvelteMap<string, PrinterStatus | undefined>()
  /** The label stock each printer was last asked about (whether it takes it is part of its state). */
  readonly #stock = new Map<string, BadgeStockId | undefined>()
  /** The last read asked of each printer: an older answer arriving after it is not shown over it. */
  readonly #asked = new Map<string, number>()
  #reads = 0

  has(printer: string): boolean {
    return this.#states.has(printer)
  }

  get(printer: string): PrinterStatus | undefined {
    return this.#states.get(printer)
  }

  /** A state main answered with something else (a printer added: its state then). */
  set(printer: string, status: PrinterStatus | undefined): void {
    this.#asked.set(printer, ++this.#reads)
    this.#states.set(printer, status)
  }

  /** The printer's state read from main now (with `stock`: whether it takes that label). */
  async read(printer: string, stock?: BadgeStockId): Promise<void> {
    this.#stock.set(printer, stock)
    const read = ++this.#reads
    this.#asked.set(printer, read)
    const status = await getApi()
      .badges.printerStatus({ printer, ...(stock ? { stock } : {}) })
      .catch(() => undefined)
    if (this.#asked.get(printer) === read) this.#states.set(printer, status)
  }

  /**
   * A print to `printer` ended, whichever way: its state is read again at once, so the list says what
   * the print found. Not waited for: the print's own outcome is said without waiting on a second answer.
   */
  afterPrint(printer: string | undefined): void {
    if (printer) void this.read(printer, this.#stock.get(printer))
  }

  /** Every state forgotten (the tests' fresh start). */
  clear(): void {
    this.#states.clear()
    this.#stock.clear()
    this.#asked.clear()
  }
}

export const printerStates = new PrinterStates()

/** `sent`, a print to `printer`: its outcome, once it has fed the printer's state (`afterPrint`). */
export function feedsPrinterState<T>(printer: string | undefined, sent: Promise<T>): Promise<T> {
  return sent.finally(() => printerStates.afterPrint(printer))
}
