import { SvelteMap } from 'svelte/reactivity'
import type { BadgeStockId } from '../../../shared/badges/schemas'
import type { PrinterStatus } from '../../../shared/badges/printer-state'
import { getApi } from '../lib/api'
import { onMainRestart } from '../lib/main-restarts'
import { rereadWhenBack } from '../lib/reread-when-back'

/**
 * Each of main's printers' state as Badges' printer list shows it, in one place, fed by everything that
 * learns it: the list's own reads (as it opens, Check printers again, another label stock) and every
 * outcome of a print to the printer — a badge printed or failed, a printer asked before a badge, a test
 * label (`afterPrint`, which the badge desk's store runs for each). So a print that finds the printer
 * switched off is never shown beside a list that still says Ready, and the next print that goes through
 * says Ready again, as the connection's state is fed by every answer of the console.
 *
 * A print outstanding is part of what the list says: from the moment a badge or a test label is sent until
 * its outcome, the printer is "Printing" (a job the printer holds without finishing, read as idle by its IPP
 * state, was shown Ready for as long as the print waited). A state the printer answers that it cannot print
 * (offline, stopped, out of labels) is shown over it: that is what the print is waiting on.
 *
 * A state is undefined when it could not be read ("Could not be read"); a printer not yet asked is absent.
 * One that could not be read is read again when main or the console answers again (the reconnect rule,
 * lib/reread-when-back.ts, and main restarted, lib/main-restarts.ts): a read made while main was still
 * starting (web mode restarted with Badges open) is not left saying "Could not be read" for a printer
 * that is up.
 */
class PrinterStates {
  readonly #states = new SvelteMap<string, PrinterStatus | undefined>()
  /** The label stock each printer was last asked about (whether it takes it is part of its state). */
  readonly #stock = new Map<string, BadgeStockId | undefined>()
  /** The last read asked of each printer: an older answer arriving after it is not shown over it. */
  readonly #asked = new Map<string, number>()
  #reads = 0
  /** The prints to each printer sent and not yet answered. */
  readonly #printing = new SvelteMap<string, number>()
  /** The printers whose last read failed: read again once main or the console is back. */
  readonly #unread = new Set<string>()

  has(printer: string): boolean {
    return this.#states.has(printer) || this.#printing.has(printer)
  }

  get(printer: string): PrinterStatus | undefined {
    const status = this.#states.get(printer)
    if (!this.#printing.has(printer) || (status && status.state !== 'idle')) return status
    // main's English for the state (shared/badges/printer-state.ts): worded in the desk's language as any.
    return { state: 'printing', reasons: status?.reasons ?? [], words: 'Printing' }
  }

  /** A print to `printer` was sent: it is printing until its outcome (`printEnded`). */
  printStarted(printer: string): void {
    this.#printing.set(printer, (this.#printing.get(printer) ?? 0) + 1)
  }

  /** A print to `printer` has its outcome, whichever way. */
  printEnded(printer: string): void {
    const left = (this.#printing.get(printer) ?? 1) - 1
    if (left > 0) this.#printing.set(printer, left)
    else this.#printing.delete(printer)
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
    let failed = false
    const status = await getApi()
      .badges.printerStatus({ printer, ...(stock ? { stock } : {}) })
      .catch(() => ((failed = true), undefined))
    if (this.#asked.get(printer) !== read) return
    this.#states.set(printer, status)
    if (failed) this.#unread.add(printer)
    else this.#unread.delete(printer)
  }

  /** Whether a printer's state could not be read (and is to be read again once main answers). */
  get anyUnread(): boolean {
    return this.#unread.size > 0
  }

  /** Every state that could not be read, read again (each with the label stock it was asked about). */
  async readUnread(): Promise<void> {
    await Promise.all([...this.#unread].map((printer) => this.read(printer, this.#stock.get(printer))))
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
    this.#printing.clear()
    this.#unread.clear()
  }
}

export const printerStates = new PrinterStates()
rereadWhenBack(
  () => printerStates.anyUnread,
  () => printerStates.readUnread()
)
onMainRestart('printer-states', () => printerStates.readUnread())

/**
 * `sent`, a call to `printer`: its outcome, once it has fed the printer's state (`afterPrint`). A print
 * (`printing`: a badge, a test label, not a question asked before one) shows the printer printing meanwhile.
 */
export function feedsPrinterState<T>(
  printer: string | undefined,
  send: () => Promise<T>,
  { printing = false }: { printing?: boolean } = {}
): Promise<T> {
  if (printing && printer) printerStates.printStarted(printer)
  return send().finally(() => {
    if (printing && printer) printerStates.printEnded(printer)
    printerStates.afterPrint(printer)
  })
}
