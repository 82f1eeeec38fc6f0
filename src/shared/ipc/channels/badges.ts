import { z } from 'zod'
import { channel, noInput, itemsOf } from '../define'
import { badgeHistoryEntrySchema, badgeJobSchema, badgeSettingsSchema, printerSchema } from '../../badges/schemas'

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
    'Printers this computer offers to the app (none in web mode: the browser prints)',
    noInput,
    z.object({ available: z.boolean(), items: z.array(printerSchema) })
  ),
  'badges.print': channel(
    'Print the badge shown on screen through Electron (a printer, silent for a badge station) and record it',
    z.object({
      job: badgeJobSchema,
      printer: z.string().max(200).optional(),
      silent: z.boolean().default(false),
      reprintOf: z.string().max(200).optional()
    }),
    badgeHistoryEntrySchema
  ),
  'badges.pdf': channel(
    'Render the badge shown on screen as a PDF (Electron printToPDF) and record it',
    z.object({ job: badgeJobSchema, reprintOf: z.string().max(200).optional() }),
    z.object({ pdfBase64: z.string(), entry: badgeHistoryEntrySchema })
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
