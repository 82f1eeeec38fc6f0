import { AppError } from '../../shared/errors'
import { badgeStocks, type BadgeJob } from '../../shared/badges/schemas'
import type { AppServices } from '../services/app-services'
import { BadgeHistory } from '../services/badges/history'
import { BadgeSettingsStore } from '../services/badges/settings'
import type { BadgePrinter } from '../services/badges/printer'
import type { HandlersOf } from './types'

function noPrinter(transport: string): AppError {
  return new AppError({
    kind: 'unsupported',
    code: 'NO_PRINTER',
    message: `Printing through the app is not available here (${transport} mode).`,
    hint: "Use Print or Save as PDF: the browser's print dialog prints the badge and can save it as a PDF."
  })
}

/**
 * No badge for a cancelled visit: the screen refuses it when it loads the visitor, and main asks
 * the console again right before printing (the visit may have been cancelled meanwhile, at another
 * desk). A console that cannot be reached does not stop a badge station: the screen's check stands.
 */
async function refuseCancelledVisit(services: AppServices, job: BadgeJob): Promise<void> {
  const status = await services.connections
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

/**
 * Badges: settings, the durable print history, and printing through the window's printer.
 * The printer is given by the Electron entry (`printer` in the services); web mode has none.
 */
export function badgeHandlers(services: AppServices): HandlersOf<'badges'> {
  let history: BadgeHistory | undefined
  let settings: BadgeSettingsStore | undefined
  const getHistory = () => (history ??= new BadgeHistory(services.dataDir))
  const getSettings = () => (settings ??= new BadgeSettingsStore(services.dataDir))
  const printer = (): BadgePrinter => {
    const p = services.printer
    if (!p) throw noPrinter(services.transport)
    return p
  }

  return {
    'badges.settings': async () => getSettings().get(),
    'badges.saveSettings': async (input) => getSettings().save(input),
    'badges.history': async (input) => ({ items: await getHistory().list(input?.limit ?? 100) }),
    'badges.printers': async () => {
      const p = services.printer
      return p ? { available: true, items: await p.listPrinters() } : { available: false, items: [] }
    },
    'badges.print': async ({ job, printer: name, silent, reprintOf }) => {
      await refuseCancelledVisit(services, job)
      await printer().print({ silent, page: badgeStocks[job.stock], ...(name ? { printer: name } : {}) })
      return getHistory().record({
        job,
        output: 'printer',
        ...(name ? { printer: name } : {}),
        ...(reprintOf ? { reprintOf } : {})
      })
    },
    'badges.pdf': async ({ job, reprintOf }) => {
      await refuseCancelledVisit(services, job)
      const pdf = await printer().printToPdf({ page: badgeStocks[job.stock] })
      const entry = await getHistory().record({ job, output: 'pdf', ...(reprintOf ? { reprintOf } : {}) })
      return { pdfBase64: Buffer.from(pdf).toString('base64'), entry }
    },
    'badges.record': async ({ job, output, reprintOf }) =>
      getHistory().record({ job, output, ...(reprintOf ? { reprintOf } : {}) })
  }
}
