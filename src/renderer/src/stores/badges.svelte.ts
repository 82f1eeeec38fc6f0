import type { Visitor } from '../../../shared/access/visitors'
import type { DeskArrival } from '../../../shared/today/groups'
import type { BadgeHistoryEntry, BadgeSettings, BadgeStockId, PrinterInfo } from '../../../shared/badges/schemas'
import { AppError } from '../../../shared/errors'
import { getApi, type Api } from '../lib/api'
import { onConsoleSwitch } from './console-scope'
import { feedsPrinterState } from './printer-states.svelte'

type Badges = Api['badges']

/** The badge desk: which visitor's badge is shown, the settings, the print history. */
export class BadgeDesk {
  /** Set by "Make a badge" on the Visitors screen. */
  visitorId = $state<string | null>(null)
  /** Set when a history entry is reprinted. */
  reprintOf = $state<string | null>(null)
  stock = $state<BadgeStockId>('dk-11202')
  settings = $state.raw<BadgeSettings | null>(null)
  history = $state.raw<BadgeHistoryEntry[]>([])
  transport = $state<'electron' | 'web' | 'cli' | 'test' | null>(null)
  error = $state<AppError | null>(null)

  async load(): Promise<void> {
    try {
      const [settings, history, info] = await Promise.all([
        getApi().badges.settings(),
        getApi().badges.history({ limit: 50 }),
        getApi().app.info()
      ])
      this.settings = settings
      this.history = history.items
      this.transport = info.transport
      this.stock = settings.stock
    } catch (err) {
      this.error = AppError.from(err)
    }
  }

  /** The settings read again (main changes the badge printer when the first printer is added or it is removed). */
  async reloadSettings(): Promise<BadgeSettings | null> {
    this.settings = await getApi()
      .badges.settings()
      .catch(() => this.settings)
    return this.settings
  }

  async refreshHistory(): Promise<void> {
    this.history = (await getApi().badges.history({ limit: 50 })).items
  }

  /**
   * Follow the kiosk's check-ins while the screen is open (the event Today follows): the badge the
   * kiosk printed shows in the history without a re-read by hand. Returns the unsubscribe.
   */
  followKiosk(): () => void {
    return getApi().on('kiosk.checkedIn', () => void this.refreshHistory().catch(() => undefined))
  }

  /** The station's printers; none when they cannot be listed (the browser prints then). */
  printers(): Promise<{ available: boolean; items: PrinterInfo[] }> {
    return getApi()
      .badges.printers()
      .catch(() => ({ available: false, items: [] }))
  }

  saveSettings(settings: BadgeSettings): Promise<BadgeSettings> {
    return getApi().badges.saveSettings(settings)
  }

  visitor(id: string): Promise<Visitor> {
    return getApi().visitors.get({ id })
  }

  /**
   * Visitors whose badge can be made, by name (the first page of the console's answer), with each visitor's arrival at this desk today: the search says "Here" as Today and Visitors do (shownStatus).
   */
  async findVisitors(keyword: string): Promise<(Visitor & { deskArrival?: DeskArrival | null })[]> {
    return (await getApi().visitors.list({ keyword: keyword.trim() || undefined, page: 1, pageSize: 20 })).items
  }

  /** Printed by the app (Electron): the entry it wrote to the history. */
  print(input: Parameters<Badges['print']>[0]): ReturnType<Badges['print']> {
    // Every print's outcome feeds the printer's state in Badges' list (stores/printer-states).
    return feedsPrinterState(input.printer, () => getApi().badges.print(input), { printing: true })
  }

  /** Main's printer asked whether it can print this badge, before any console write (throws its refusal). */
  checkPrinter(input: Parameters<Badges['checkPrinter']>[0]): ReturnType<Badges['checkPrinter']> {
    return feedsPrinterState(input.printer, () => getApi().badges.checkPrinter(input))
  }

  pdf(input: Parameters<Badges['pdf']>[0]): ReturnType<Badges['pdf']> {
    return getApi().badges.pdf(input)
  }

  /** Printed or saved by the browser: only the history entry is written here. */
  record(input: Parameters<Badges['record']>[0]): ReturnType<Badges['record']> {
    return getApi().badges.record(input)
  }

  /** An address checked, and the certificate an ipps:// printer presents, to confirm before adding it. */
  probePrinter(url: string): ReturnType<Badges['probePrinter']> {
    return getApi().badges.probePrinter({ url })
  }

  /** The IPP printers announced on this network (DNS-SD), heard by main within a few seconds. */
  findPrinters(): ReturnType<Badges['findPrinters']> {
    return getApi().badges.findPrinters()
  }

  /** Main's own printers (added by address, system queues): add one, its state, a test label. */
  addPrinter(input: Parameters<Badges['addPrinter']>[0]): ReturnType<Badges['addPrinter']> {
    return getApi().badges.addPrinter(input)
  }

  /** A printer's state; with a label stock, also whether it takes no label of that size (`media`). */
  printerStatus(printer: string, stock?: BadgeStockId): ReturnType<Badges['printerStatus']> {
    return getApi().badges.printerStatus({ printer, ...(stock ? { stock } : {}) })
  }

  testLabel(printer: string, stock: BadgeStockId): ReturnType<Badges['testLabel']> {
    return feedsPrinterState(printer, () => getApi().badges.testLabel({ printer, stock }), { printing: true })
  }

  /**
   * A printer added by its address removed. Main sets the badge printer to none ("Ask every time") when
   * it was this one: the settings are read again so every panel shows that choice, not the printer gone.
   */
  async removePrinter(printer: string): Promise<void> {
    await getApi().badges.removePrinter({ printer })
    if (this.settings?.printer === printer) this.settings = await getApi().badges.settings()
  }

  /**
   * Set by a badge asked for from another screen (Today's P or "Print X's badge…", Visitors' "Make a
   * badge"): the next step is Print, so the Badges screen gives it the focus once the badge is shown.
   */
  printNext = false

  /** The console left: its prints and the visitor chosen mean nothing on the next. */
  forgetConsole(): void {
    this.history = []
    this.visitorId = null
    this.reprintOf = null
    this.printNext = false
  }

  makeBadgeFor(visitorId: string): void {
    this.visitorId = visitorId
    this.reprintOf = null
    this.printNext = true
  }
}

export const badgeDesk = new BadgeDesk()

// The print history and the badge chosen are the console's (main keeps each print with its console:
// storage/durable-list.ts); the settings and printers are this desk's and stay. Badges reads the
// history again when it is shown.
onConsoleSwitch('badges', () => badgeDesk.forgetConsole())
