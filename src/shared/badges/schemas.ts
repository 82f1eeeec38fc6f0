import { z } from 'zod'

/**
 * Label stock a badge is printed on. Sizes are the printable label in millimetres, portrait unless
 * the stock is wider than tall. The renderer sizes the preview and its `@page` from these; main
 * hands the same size to Electron's printer (microns) and PDF writer (inches).
 */
export const badgeStocks = {
  'dk-11202': { label: 'Brother DK-11202 (62 × 100 mm)', widthMm: 62, heightMm: 100 },
  'dymo-30256': { label: 'DYMO 30256 (59 × 102 mm)', widthMm: 59, heightMm: 102 },
  '4x3in': { label: '4 × 3 in badge insert', widthMm: 101.6, heightMm: 76.2 },
  a6: { label: 'A6 (105 × 148 mm)', widthMm: 105, heightMm: 148 }
} as const

export const badgeStockIds = Object.keys(badgeStocks) as [BadgeStockId, ...BadgeStockId[]]
export type BadgeStockId = keyof typeof badgeStocks
export const badgeStockSchema = z.enum(['dk-11202', 'dymo-30256', '4x3in', 'a6'])

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

export const badgeHistoryEntrySchema = badgeJobSchema.extend({
  id: z.string().min(1),
  printedAt: z.string(),
  output: badgeOutputSchema,
  printer: z.string().max(200).optional(),
  /** The entry this one reprinted. */
  reprintOf: z.string().max(200).optional()
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
  siteName: z.string().trim().max(80, 'Keep the site name under 80 characters.').default(''),
  logoDataUrl: logoDataUrlSchema.nullable().default(null),
  stock: badgeStockSchema.default('dk-11202'),
  /** Badge station: print to this printer without a dialog. */
  printer: z.string().max(200).nullable().default(null),
  silent: z.boolean().default(false)
})
export type BadgeSettings = z.infer<typeof badgeSettingsSchema>

export const printerSchema = z.object({ name: z.string(), displayName: z.string(), isDefault: z.boolean() })
export type PrinterInfo = z.infer<typeof printerSchema>
