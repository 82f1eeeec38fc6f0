import { AppError } from '../../../shared/errors'
import { unaskedPrinterStatus, type PrinterStatus } from '../../../shared/badges/printer-state'
import {
  badgeStocks,
  type BadgeHistoryEntry,
  type BadgeJob,
  type BadgeOutput,
  type BadgeSettings,
  type PrinterInfo
} from '../../../shared/badges/schemas'
import type { AccessClient } from '../access/client'
import { makeBadgePdf } from '../printing/badge-pdf'
import { BadgePrinters, type ListQueues, type MainPrinter } from '../printing/badge-printers'
import { ippCanPrint, ippPrinterStatus, printPdfOverIpp, type IppPrintOptions } from '../printing/ipp-print'
import { BadgeHistory, notPrinted } from './history'
import type { BadgePrinter } from './printer'
import { BadgeSettingsStore } from './settings'
import type { Language } from '../../../shared/i18n/locales'
import type { ConsoleScope } from '../storage/durable-list'

export interface BadgeServiceDeps {
  dataDir: string
  /** The active console: each print is kept with it (storage/durable-list.ts). */
  console: ConsoleScope
  /** Named in the "no printer here" message (web mode, CLI). */
  transport: string
  client: () => Promise<Pick<AccessClient, 'visitors' | 'qrCodes'>>
  /** Given by the Electron entry: window printing (the Windows spooler). Web mode has none. */
  printer: () => BadgePrinter | undefined
  /** The system's CUPS queues (lpstat by default); tests give none. */
  queues?: ListQueues
  /** Time limits of a print to an IPP printer (tests shorten them). */
  ipp?: IppPrintOptions
  /** The audit journal: each badge printed, or refused, is recorded before the answer (never throws). */
  audit?: (print: {
    job: BadgeJob
    output: BadgeOutput
    printer?: string
    reprintOf?: string
    error?: unknown
  }) => Promise<void>
}

type Reprint = { reprintOf?: string | undefined }

/**
 * Badges: settings, the durable print history, and printing. Main prints the badge PDF it makes
 * itself to IPP printers and CUPS queues (printing/), in both modes, and records "printed" only when
 * the printer says the job completed; Electron's window printing is left for the Windows spooler.
 */
export class BadgeService {
  private readonly history: BadgeHistory
  private readonly settings: BadgeSettingsStore
  private readonly mainPrinters: BadgePrinters

  constructor(private readonly deps: BadgeServiceDeps) {
    this.history = new BadgeHistory(deps.dataDir, deps.console)
    this.settings = new BadgeSettingsStore(deps.dataDir)
    this.mainPrinters = new BadgePrinters(deps.dataDir, deps.queues)
  }

  /** Main's printers (system queues, added by URL) and, in the desktop app, the window's others. */
  async printers(): Promise<{ available: boolean; items: PrinterInfo[] }> {
    const own: PrinterInfo[] = (await this.mainPrinters.list()).map(({ url: _url, pin: _pin, ...p }) => p)
    const p = this.deps.printer()
    const window = p ? await p.listPrinters().catch(() => []) : []
    const names = new Set(own.map((o) => o.name))
    const items = [...own, ...window.filter((w) => !names.has(w.name)).map((w) => ({ ...w, kind: 'window' as const }))]
    return { available: items.length > 0, items }
  }

  /** Whether main prints to this printer itself (IPP or a CUPS queue), in either mode. */
  async printsItself(printer: string | null | undefined): Promise<boolean> {
    return !!printer && !!(await this.mainPrinters.urlOf(printer))
  }

  /** How a printer is named to people: the name given when it was added, or its own. */
  async printerLabel(name: string): Promise<string> {
    return (await this.mainPrinters.urlOf(name))?.displayName ?? name
  }

  /**
   * A printer added by its address. The first one of a station with no badge printer chosen becomes
   * the badge printer: it is the one setting the desk's Print, the settings and the kiosk all read,
   * and a printer added to print badges on is meant to print them.
   */
  async addPrinter(input: { url: string; name?: string | undefined; fingerprint256?: string | undefined }) {
    const added = await this.mainPrinters.add(input)
    const settings = await this.settings.get()
    if (!settings.printer) await this.settings.save({ ...settings, printer: added.printer.name })
    return added
  }

  /** An address typed in Badges, and an ipps:// printer's certificate to compare before it is added. */
  probePrinter(url: string) {
    return this.mainPrinters.probe(url)
  }

  /** A printer removed; the badge printer when it was that one goes back to none (not a printer gone). */
  async removePrinter(name: string) {
    await this.mainPrinters.remove(name)
    const settings = await this.settings.get()
    if (settings.printer === name) await this.settings.save({ ...settings, printer: null })
  }

  /**
   * A printer's state from its IPP attributes; a window-only printer's is not known. With a label stock,
   * whether it takes no label of that size, asked as every print asks it (printerRefusal): Badges lists an
   * office printer as such before anyone picks it for a badge.
   */
  async printerStatus(name: string, stock?: BadgeJob['stock']): Promise<PrinterStatus> {
    const [status, media] = await Promise.all([
      this.printerState(name),
      stock ? this.printerRefusal({ printer: name, stock }).then(mediaRefused) : undefined
    ])
    return media ? { ...status, media } : status
  }

  private async printerState(name: string): Promise<PrinterStatus> {
    const printer = await this.mainPrinters.urlOf(name)
    if (!printer) return { state: 'unknown', reasons: [], words: 'Not known' }
    // Its facts go with it: the desk words the state and hint in its own language from them.
    return ippPrinterStatus(printer).catch((err: unknown) => unaskedPrinterStatus(AppError.from(err).toData()))
  }

  /**
   * Why the badge printer of the settings cannot print a badge on the settings' label stock now (out
   * of labels, offline, stopped, not taking jobs, no such label): the kiosk asks before anything is
   * sent or given to a visitor; null when it can, or when its state is not main's to know.
   */
  async badgePrinterRefusal(): Promise<AppError | null> {
    const { printer, stock } = await this.settings.get()
    return printer ? this.printerRefusal({ printer, stock }) : null
  }

  /**
   * The one question every print asks before any console write (a QR code assigned): can this printer
   * print this badge now — ready, and taking the label stock (ipp-print.ts ippCanPrint). Null when it
   * can, or when main does not print to it (a window printer: its state is not main's to know).
   */
  async printerRefusal(input: { printer: string; stock: BadgeJob['stock'] }): Promise<AppError | null> {
    const printer = await this.mainPrinters.urlOf(input.printer)
    if (!printer) return null
    return ippCanPrint(printer, badgeStocks[input.stock], { timeoutMs: this.deps.ipp?.callTimeoutMs ?? 5000 }).then(
      () => null,
      (err: unknown) => AppError.from(err)
    )
  }

  /**
   * Badges' Print asks this before it assigns the visitor a QR code: a printer that cannot print the
   * badge refuses it here, the attempt recorded in the print history and the audit as the print's own
   * refusal would be, and nothing is written to the console.
   */
  async checkPrinter(input: { job: BadgeJob; printer: string } & Reprint): Promise<{ ready: true }> {
    const { job, reprintOf } = input
    const refusal = await this.printerRefusal({ printer: input.printer, stock: job.stock })
    if (!refusal) return { ready: true }
    const label = await this.printerLabel(input.printer)
    const attempt = { job, output: 'printer' as const, printer: label, ...(reprintOf ? { reprintOf } : {}) }
    return this.audited(attempt, async () => {
      await this.history.record({ ...attempt, failed: notPrinted(refusal) }).catch(() => undefined)
      throw refusal
    })
  }

  /** A label with no visitor on it, to check the printer, its labels and their size. Not recorded. */
  async testLabel(input: { printer: string; stock?: BadgeJob['stock'] | undefined }): Promise<{ jobId: number }> {
    const printer = await this.ownPrinter(input.printer)
    const settings = await this.settings.get()
    const stock = input.stock ?? settings.stock
    const now = Math.floor(Date.now() / 1000)
    const job: BadgeJob = {
      visitorId: 'test',
      name: 'Test label',
      company: 'Access Desk',
      host: '',
      validFrom: now,
      validTo: now,
      stock
    }
    // qrcode is loaded on the first test label (main's start does not load what a run may never use).
    const { default: QRCode } = await import('qrcode')
    const qrPng = await QRCode.toBuffer('Access Desk test label', { type: 'png', margin: 2, width: 320 })
    const pdf = await makeBadgePdf({ job, qrPng, settings })
    const { jobId } = await printPdfOverIpp(printer, pdf, badgeStocks[stock], {
      ...this.deps.ipp,
      jobName: 'Access Desk test label',
      // Its failures say "The test label was not printed.", main's words shown as given in Badges.
      what: 'test label'
    })
    return { jobId }
  }

  private async ownPrinter(name: string): Promise<MainPrinter> {
    const printer = await this.mainPrinters.urlOf(name)
    if (printer) return printer
    throw new AppError({
      kind: 'not-found',
      code: 'PRINTER_NOT_FOUND',
      message: `The printer “${name}” is not one this app prints to by itself.`,
      hint: 'Add it by its address in Badges (ipp://…), or pick one of the system’s printers.',
      details: { name }
    })
  }

  /**
   * Print a badge. To one of main's printers: the PDF main makes, sent over IPP, recorded only once
   * the printer says the job completed (`qrPng`: the console's QR image when the caller holds it, as
   * the kiosk does; otherwise it is downloaded). Otherwise through Electron's window printing.
   */
  async print(
    input: {
      job: BadgeJob
      printer?: string | undefined
      silent: boolean
      qrPng?: Uint8Array
      /** The badge's language (the kiosk's visitor's); none: English. */
      language?: Language | undefined
    } & Reprint
  ) {
    const { job, printer: name, silent, reprintOf } = input
    const own = name ? await this.mainPrinters.urlOf(name) : undefined
    const label = own?.displayName ?? name
    const audit = {
      job,
      output: 'printer' as const,
      ...(label ? { printer: label } : {}),
      ...(reprintOf ? { reprintOf } : {})
    }
    return this.audited(audit, async () => {
      await this.refuseCancelledVisit(job)
      if (own) {
        const qrPng = input.qrPng ?? (await this.consoleQr(job))
        const pdf = await makeBadgePdf({ job, qrPng, settings: await this.settings.get(), language: input.language })
        let jobId: number
        try {
          ;({ jobId } = await printPdfOverIpp(own, pdf, badgeStocks[job.stock], {
            ...this.deps.ipp,
            jobName: `Visitor badge: ${job.name}`
          }))
        } catch (err) {
          // The printer's own failure goes into the print history with its reason (never as printed).
          await this.history
            .record({
              job,
              output: 'printer',
              printer: own.displayName,
              failed: notPrinted(err),
              ...(reprintOf ? { reprintOf } : {})
            })
            .catch(() => undefined)
          throw err
        }
        return this.history.record({
          job,
          output: 'printer',
          printer: own.displayName,
          jobId,
          ...(reprintOf ? { reprintOf } : {})
        })
      }
      await this.printer().print({ silent, page: badgeStocks[job.stock], ...(name ? { printer: name } : {}) })
      return this.history.record({
        job,
        output: 'printer',
        ...(name ? { printer: name } : {}),
        ...(reprintOf ? { reprintOf } : {})
      })
    })
  }

  /**
   * The badge as a PDF file: the desktop app's window rendered to PDF; without a window (web mode)
   * main's own badge PDF, the one its printers get. Either way a file is made, so recording it is
   * true (a browser's "Save as PDF" dialog could be cancelled unseen).
   */
  async pdf({ job, reprintOf, language }: { job: BadgeJob; language?: Language | undefined } & Reprint) {
    return this.audited({ job, output: 'pdf', ...(reprintOf ? { reprintOf } : {}) }, async () => {
      await this.refuseCancelledVisit(job)
      const window = this.deps.printer()
      const pdf = window
        ? await window.printToPdf({ page: badgeStocks[job.stock] })
        : await makeBadgePdf({ job, qrPng: await this.consoleQr(job), settings: await this.settings.get(), language })
      const entry = await this.history.record({ job, output: 'pdf', ...(reprintOf ? { reprintOf } : {}) })
      return { pdfBase64: Buffer.from(pdf).toString('base64'), entry }
    })
  }

  /** A badge the browser printed or saved (web mode): a cancelled visit's is refused here too. */
  record({ job, output, reprintOf }: { job: BadgeJob; output: 'browser-print' | 'browser-pdf' } & Reprint) {
    return this.audited({ job, output, ...(reprintOf ? { reprintOf } : {}) }, async () => {
      await this.refuseCancelledVisit(job)
      return this.history.record({ job, output, ...(reprintOf ? { reprintOf } : {}) })
    })
  }

  /** The visitor's QR code as the console draws it (E15): printed as is, so its value is the console's. */
  private async consoleQr(job: BadgeJob): Promise<Uint8Array> {
    try {
      return await (await this.deps.client()).qrCodes.download(job.visitorId)
    } catch (err) {
      const e = AppError.from(err)
      throw new AppError({
        kind: e.kind,
        code: 'BADGE_QR_UNAVAILABLE',
        message: `The QR code of ${job.name} could not be read from the console (${e.message}). No badge was printed.`,
        hint: 'Check the connection to the console in the sidebar, then print the badge again.',
        retryable: true,
        details: { name: job.name, cause: e.message }
      })
    }
  }

  /** Run a print and put it on the audit trail, done or refused, before its answer is given. */
  private async audited<T>(
    print: { job: BadgeJob; output: BadgeOutput; printer?: string; reprintOf?: string },
    run: () => Promise<T>
  ): Promise<T> {
    let result: T
    try {
      result = await run()
    } catch (error) {
      await this.deps.audit?.({ ...print, error })
      throw error
    }
    await this.deps.audit?.(print)
    return result
  }

  getSettings(): Promise<BadgeSettings> {
    return this.settings.get()
  }

  saveSettings(settings: BadgeSettings): Promise<BadgeSettings> {
    return this.settings.save(settings)
  }

  list(limit: number): Promise<BadgeHistoryEntry[]> {
    return this.history.list(limit)
  }

  private printer(): BadgePrinter {
    const p = this.deps.printer()
    if (!p) {
      throw new AppError({
        kind: 'unsupported',
        code: 'NO_PRINTER',
        message: `Printing through the app is not available here (${this.deps.transport} mode).`,
        hint: "Use Print or Save as PDF: the browser's print dialog prints the badge and can save it as a PDF.",
        details: { transport: this.deps.transport }
      })
    }
    return p
  }

  /**
   * No badge for a cancelled visit: the screen refuses it when it loads the visitor, and main asks
   * the console again right before printing (the visit may have been cancelled meanwhile, at another
   * desk). A console that cannot be reached does not stop a badge station: the screen's check stands.
   */
  private async refuseCancelledVisit(job: BadgeJob): Promise<void> {
    const status = await this.deps
      .client()
      .then((c) => c.visitors.get(job.visitorId))
      .then((v) => v.status)
      .catch(() => undefined)
    if (status !== 'CANCELLED') return
    throw new AppError({
      kind: 'conflict',
      code: 'VISIT_CANCELLED',
      message: `The visit of ${job.name} was cancelled: no badge was printed.`,
      hint: 'If the visitor is coming after all, create a new visit on Visitors and make the badge from there.',
      details: { refused: 'badge', name: job.name }
    })
  }
}

/** A printer's refusal of a label stock (ipp-print.ts PRINTER_MEDIA_UNSUPPORTED) as the status says it. */
function mediaRefused(refusal: AppError | null): PrinterStatus['media'] {
  const size = refusal?.details?.size
  const takes = refusal?.details?.takes
  if (refusal?.code !== 'PRINTER_MEDIA_UNSUPPORTED' || typeof size !== 'string' || typeof takes !== 'string') return
  return { size, takes }
}
