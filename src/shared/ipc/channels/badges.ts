import { z } from 'zod'
import { PRINTER_NAME_MAX } from '../../text/field-limits'
import { channel, noInput, itemsOf } from '../define'
import {
  badgeHistoryEntrySchema,
  badgeJobSchema,
  badgeSettingsSchema,
  badgeStockSchema,
  printerSchema,
  printerStatusSchema
} from '../../badges/schemas'
import { FIND_PRINTERS_SECONDS, foundPrinterSchema } from '../../badges/found-printer'
import { certificateInfoSchema, fingerprintSchema } from '../../connections'
import { languageSchema } from '../../i18n/language-schema'

const printerName = z.string().trim().min(1, 'Choose a printer.').max(500)
const printerAddress = z.string().trim().min(1, 'Type the printer’s address (ipp://…).').max(500)

export const badgeChannels = {
  'badges.settings': channel(
    'The badge settings: site name, logo, label stock and printer',
    noInput,
    badgeSettingsSchema
  ),
  'badges.saveSettings': channel(
    'Save the badge settings (site name, logo, default stock, printer, silent mode)',
    badgeSettingsSchema,
    badgeSettingsSchema
  ),
  'badges.history': channel(
    'Printed badges, newest first',
    z.object({ limit: z.number().int().min(1).max(1000).default(100) }).optional(),
    itemsOf(badgeHistoryEntrySchema)
  ),
  'badges.printers': channel(
    'Printers the app prints to: the system’s CUPS queues and IPP printers added by URL (both modes), and the desktop app’s window printers',
    noInput,
    z.object({ available: z.boolean(), items: z.array(printerSchema) })
  ),
  'badges.print': channel(
    'Print a badge: main’s PDF to an IPP printer or CUPS queue (both modes, recorded once the printer completed the job), or the window through Electron',
    z.object({
      job: badgeJobSchema,
      printer: z.string().max(200).optional(),
      silent: z.boolean().default(false),
      reprintOf: z.string().max(200).optional(),
      /** The badge's words in main's PDF: the desk's language (none: English). */
      language: languageSchema.optional()
    }),
    badgeHistoryEntrySchema
  ),
  'badges.checkPrinter': channel(
    'Ask one of main’s printers whether it can print this badge now (ready, taking its label stock), before any QR code is assigned; a refusal is recorded in the print history and thrown',
    z.object({ job: badgeJobSchema, printer: z.string().max(200), reprintOf: z.string().max(200).optional() }),
    z.object({ ready: z.literal(true) })
  ),
  'badges.pdf': channel(
    "The badge as a PDF file, recorded: the desktop app renders the badge shown (Electron printToPDF), web mode makes main's own badge PDF",
    z.object({ job: badgeJobSchema, reprintOf: z.string().max(200).optional(), language: languageSchema.optional() }),
    z.object({ pdfBase64: z.string(), entry: badgeHistoryEntrySchema })
  ),
  'badges.probePrinter': channel(
    'Check a printer address and read the certificate an ipps:// printer presents (first contact, nothing sent), to compare its fingerprint before adding it; null for ipp://',
    z.object({ url: printerAddress }),
    z.object({ url: z.string(), certificate: certificateInfoSchema.nullable() })
  ),
  'badges.addPrinter': channel(
    'Add an IPP printer by its address (ipp:// or ipps://); it must answer first. An ipps:// printer needs the fingerprint compared after badges.probePrinter: its certificate is pinned (the same address again: trust its new certificate)',
    z.object({
      url: printerAddress,
      name: z
        .string()
        .trim()
        .max(PRINTER_NAME_MAX, `Shorten the name to at most ${PRINTER_NAME_MAX} characters.`)
        .optional(),
      fingerprint256: fingerprintSchema.optional()
    }),
    z.object({ printer: printerSchema, status: printerStatusSchema })
  ),
  'badges.findPrinters': channel(
    'IPP printers announced on this network over DNS-SD (_ipp._tcp, _ipps._tcp), listened for a few seconds: name, address and whether encrypted, to add one',
    z
      .object({
        seconds: z.number().int().min(1).max(FIND_PRINTERS_SECONDS.max).default(FIND_PRINTERS_SECONDS.default)
      })
      .optional(),
    z.object({ items: z.array(foundPrinterSchema) })
  ),
  'badges.removePrinter': channel(
    'Remove a printer added by its address',
    z.object({ printer: printerName }),
    z.object({ removed: z.literal(true) })
  ),
  'badges.printerStatus': channel(
    'A printer’s state from its IPP attributes: ready, printing, stopped, out of labels, offline; with a label stock, whether it takes no label of that size (and what it takes)',
    z.object({ printer: printerName, stock: badgeStockSchema.optional() }),
    printerStatusSchema
  ),
  'badges.testLabel': channel(
    'Print a test label (no visitor, not recorded) to one of the app’s printers, and wait for the printer to finish it',
    z.object({ printer: printerName, stock: badgeStockSchema.optional() }),
    z.object({ jobId: z.number().int() })
  ),
  'badges.record': channel(
    'Record a badge the browser printed or saved (web mode: window.print())',
    z.object({
      job: badgeJobSchema,
      output: z.enum(['browser-print', 'browser-pdf']),
      reprintOf: z.string().max(200).optional()
    }),
    badgeHistoryEntrySchema
  )
}

export const badgeEvents = {} satisfies Record<string, z.ZodType>
