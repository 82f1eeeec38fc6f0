import { z } from 'zod'
import { channel } from '../define'
import { auditFilterSchema, auditPageSchema, retentionSchema } from '../../audit/schemas'
import { deskZoneSchema } from '../../today/desk-zone'
import { languageSchema } from '../../i18n/language-schema'
import { writeSettledSchema } from '../../audit/write-settled'

/** The most rows one call answers: the screen reads a page at a time (the journal may hold tens of thousands). */
const AUDIT_PAGE_MAX = 500

export const auditChannels = {
  'audit.list': channel(
    'Rows of the audit journal (every console write and badge print of this desk), newest first, filtered, a page at a time',
    z
      .object({
        filter: auditFilterSchema.default({}),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(200)
      })
      .optional(),
    auditPageSchema
  ),
  'audit.exportCsv': channel(
    'The rows matching a filter as CSV (header line, CRLF, UTF-8 with BOM), newest first; times in ISO 8601 with the offset of the desk’s time zone',
    z
      .object({
        filter: auditFilterSchema.default({}),
        /** The desk's IANA time zone (the screen's): the file's times carry its offset. */
        timeZone: deskZoneSchema,
        /** The desk's language: the header line's (none: English). */
        language: languageSchema.optional()
      })
      .optional(),
    // `rows`: the data lines the file holds (an upload is a line per card it sent), not the journal rows.
    z.object({ filename: z.string(), text: z.string(), rows: z.number().int() })
  ),
  'audit.setRetention': channel(
    'Keep audit rows this many days (1–3650); older rows are removed now and at each start',
    z.object({ days: retentionSchema }),
    z.object({ retentionDays: z.number().int(), pruned: z.number().int() })
  )
}

export const auditEvents = {
  /** A write whose answer was lost, settled by reading the console back (shared/audit/write-settled.ts). */
  'audit.settled': writeSettledSchema
} satisfies Record<string, z.ZodType>
