import { AppError } from '../../../shared/errors'
import {
  badgeStocks,
  type BadgeHistoryEntry,
  type BadgeJob,
  type BadgeOutput,
  type BadgeSettings,
  type PrinterInfo
} from '../../../shared/badges/schemas'
import type { AccessClient } from '../access/client'
import { BadgeHistory } from './history'
import type { BadgePrinter } from './printer'
import { BadgeSettingsStore } from './settings'

export interface BadgeServiceDeps {
  dataDir: string
  /** Named in the "no printer here" message (web mode, CLI). */
  transport: string
  client: () => Promise<Pick<AccessClient, 'visitors'>>
  /** Given by the Electron entry; web mode has none (the browser prints). */
  printer: () => BadgePrinter | undefined
  /** The audit journal: each badge printed, or refused, is recorded before the answer (never throws). */
  audit?: (print: { job: BadgeJob; output: BadgeOutput; printer?: string; error?: unknown }) => Promise<void>
}

type Reprint = { reprintOf?: string | undefined }

/** Badges: settings, the durable print history, and printing through the window's printer. */
export class BadgeService {
  private readonly history: BadgeHistory
  private readonly settings: BadgeSettingsStore

  constructor(private readonly deps: BadgeServiceDeps) {
    this.history = new BadgeHistory(deps.dataDir)
    this.settings = new BadgeSettingsStore(deps.dataDir)
  }

  async printers(): Promise<{ available: boolean; items: PrinterInfo[] }> {
    const p = this.deps.printer()
    return p ? { available: true, items: await p.listPrinters() } : { available: false, items: [] }
  }

  async print(input: { job: BadgeJob; printer?: string | undefined; silent: boolean } & Reprint) {
    const { job, printer: name, silent, reprintOf } = input
    return this.audited({ job, output: 'printer', ...(name ? { printer: name } : {}) }, async () => {
      await this.refuseCancelledVisit(job)
      await this.printer().print({ silent, page: badgeStocks[job.stock], ...(name ? { printer: name } : {}) })
      return this.history.record({
        job,
        output: 'printer',
        ...(name ? { printer: name } : {}),
        ...(reprintOf ? { reprintOf } : {})
      })
    })
  }

  async pdf({ job, reprintOf }: { job: BadgeJob } & Reprint) {
    return this.audited({ job, output: 'pdf' }, async () => {
      await this.refuseCancelledVisit(job)
      const pdf = await this.printer().printToPdf({ page: badgeStocks[job.stock] })
      const entry = await this.history.record({ job, output: 'pdf', ...(reprintOf ? { reprintOf } : {}) })
      return { pdfBase64: Buffer.from(pdf).toString('base64'), entry }
    })
  }

  /** A badge the browser printed or saved (web mode). */
  record({ job, output, reprintOf }: { job: BadgeJob; output: 'browser-print' | 'browser-pdf' } & Reprint) {
    return this.audited({ job, output }, () =>
      this.history.record({ job, output, ...(reprintOf ? { reprintOf } : {}) })
    )
  }

  /** Run a print and put it on the audit trail, done or refused, before its answer is given. */
  private async audited<T>(
    print: { job: BadgeJob; output: BadgeOutput; printer?: string },
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
        hint: "Use Print or Save as PDF: the browser's print dialog prints the badge and can save it as a PDF."
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
      hint: 'If the visitor is coming after all, create a new visit on Visitors and make the badge from there.'
    })
  }
}
