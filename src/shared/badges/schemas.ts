import { z } from 'zod'
import { SITE_NAME_MAX } from '../text/field-limits'
import { badgeStockIds } from './label-stocks'
import { printerStateKinds, type PrinterStatus } from './printer-state'
import { appErrorDataSchema } from '../error-data-schema'

// Label stocks are plain data in their own module (no zod): the kiosk's badge view loads them.
export { badgeStocks, badgeStockIds, type BadgeStockId } from './label-stocks'

export const badgeStockSchema = z.enum(badgeStockIds)

/** What a badge shows; kept in the print history so a reprint shows the same badge. */
export const badgeJobSchema = z.object({
  visitorId: z.string().min(1).max(200),
  name: z.string().trim().min(1).max(160),
  company: z.string().max(160).default(''),
  host: z.string().max(160).default(''),
  /** Unix seconds, as the console keeps them. */
  validFrom: z.number().int().nonnegative(),
  validTo: z.number().int().nonnegative(),
  stock: badgeStockSchema
})
export type BadgeJob = z.infer<typeof badgeJobSchema>

export const badgeOutputSchema = z.enum(['printer', 'pdf', 'browser-print', 'browser-pdf'])
export type BadgeOutput = z.infer<typeof badgeOutputSchema>

/**
 * Why a badge was not printed, as facts: an error code (shared/errors-wording.ts words it), its details,
 * and main's English hint on its own (what the desk does about it), so no one splits the English text.
 * The kiosk's check-in log and Badges' print history both keep them.
 */
export const printFailureFactsSchema = z.object({
  code: z.string(),
  hint: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional()
})
export type PrintFailureFacts = z.infer<typeof printFailureFactsSchema>

export const badgeHistoryEntrySchema = badgeJobSchema.extend({
  id: z.string().min(1),
  printedAt: z.string(),
  output: badgeOutputSchema,
  printer: z.string().max(200).optional(),
  /** The entry this one reprinted. */
  reprintOf: z.string().max(200).optional(),
  /** The printer's job number: recorded only once the printer said the job was completed (IPP). */
  jobId: z.number().int().optional(),
  /**
   * The printer did not print it (out of labels, stopped, the job aborted or never finished): its reason
   * and what to do in main's English (`reason`, the CLI's), what happened alone (`message`), and the same
   * as facts (`facts`) for the desk to say in its language. An entry written before the facts were kept
   * has `reason` only: shown as recorded. Such an entry is not a badge printed (newest-prints.ts skips it).
   */
  failed: z
    .object({
      reason: z.string().max(1000),
      code: z.string().max(100).optional(),
      message: z.string().max(1000).optional(),
      facts: printFailureFactsSchema.optional()
    })
    .optional()
})
export type BadgeHistoryEntry = z.infer<typeof badgeHistoryEntrySchema>

/** Images the badge may carry as its site logo: small, and only as data URLs (CSP: img-src data:). */
export const LOGO_MAX_BYTES = 256 * 1024
export const logoDataUrlSchema = z
  .string()
  .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 64, 'The logo is larger than 256 KB; use a smaller image.')
  .regex(
    /^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+=*$/,
    'The logo must be a PNG, JPEG, WebP or SVG image.'
  )

export const badgeSettingsSchema = z.object({
  siteName: z
    .string()
    .trim()
    .max(SITE_NAME_MAX, `Shorten the site name to at most ${SITE_NAME_MAX} characters.`)
    .default(''),
  logoDataUrl: logoDataUrlSchema.nullable().default(null),
  stock: badgeStockSchema.default('dk-11202'),
  /** Badge station: print to this printer without a dialog. */
  printer: z.string().max(200).nullable().default(null),
  silent: z.boolean().default(false)
})
export type BadgeSettings = z.infer<typeof badgeSettingsSchema>

export const printerSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  isDefault: z.boolean(),
  /**
   * Who prints to it: main itself over IPP ('system': a CUPS queue, 'ipp': added by its URL), in both
   * modes; or Electron's window printing ('window': the Windows spooler, the desktop app only).
   */
  kind: z.enum(['system', 'ipp', 'window']).optional(),
  /** An ipps:// printer: the SHA-256 fingerprint of the certificate trusted when it was added (pinned). */
  fingerprint256: z.string().optional()
})
export type PrinterInfo = z.infer<typeof printerSchema>

/** A printer's status (the plain shape and its words: ./printer-state.ts, which the renderer imports without zod). */
export const printerStatusSchema = z.object({
  state: z.enum(printerStateKinds),
  reasons: z.array(z.string()),
  words: z.string(),
  hint: z.string().optional(),
  notTaking: z.boolean().optional(),
  media: z.object({ size: z.string(), takes: z.string() }).optional(),
  failure: appErrorDataSchema.optional()
}) satisfies z.ZodType<PrinterStatus>
