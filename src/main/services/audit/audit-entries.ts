import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import {
  auditActionSchema,
  auditCardSchema,
  auditTargetSchema,
  auditTouchPassSchema,
  auditVisitSchema
} from '../../../shared/audit/schemas'
import type { JournalFormat } from '../batches/journal'

/**
 * The lines of the audit journal (`<dataDir>/audit/audit.jsonl`). A write is two lines: `begin`,
 * fsynced before the request leaves, and `end` with the outcome, fsynced before the caller sees
 * the answer. A `begin` with no `end` is a write the app stopped during: its outcome is unknown.
 */
const beginSchema = z.object({
  t: z.literal('begin'),
  id: z.string().min(1),
  at: z.string(),
  console: z.object({ name: z.string(), url: z.string() }),
  desk: z.object({ user: z.string(), host: z.string() }),
  action: auditActionSchema,
  endpoint: z.object({ id: z.string(), title: z.string() }),
  target: auditTargetSchema,
  /** The card, pass and visit as named before the write was sent (see write-names.ts). */
  card: auditCardSchema.optional(),
  touchPass: auditTouchPassSchema.optional(),
  visit: auditVisitSchema.optional(),
  detail: z.string().optional()
})

const endSchema = z.object({
  t: z.literal('end'),
  id: z.string().min(1),
  at: z.string(),
  outcome: z.enum(['ok', 'refused', 'unknown']),
  code: z.string().optional(),
  message: z.string().optional(),
  /** What the answer named: the id of a created record, how many were imported. */
  targetId: z.string().optional(),
  targetName: z.string().optional(),
  /** The pass the answer named (an assignment answers the pass with its card id and holder). */
  touchPass: auditTouchPassSchema.optional(),
  detail: z.string().optional()
})

export const auditEntrySchema = z.discriminatedUnion('t', [beginSchema, endSchema])
export type AuditEntry = z.infer<typeof auditEntrySchema>
export type AuditBegin = z.infer<typeof beginSchema>
export type AuditEnd = z.infer<typeof endSchema>

export const auditJournalFormat: JournalFormat<AuditEntry> = {
  schema: auditEntrySchema,
  writeFailed: (path, cause) =>
    new AppError({
      kind: 'storage',
      code: 'AUDIT_WRITE_FAILED',
      message: `The audit journal could not record this change, so it was not sent to the console: ${cause.message}`,
      hint: `Check free space and permissions of ${path}, then try again.`,
      retryable: true
    }),
  damaged: (path, line) =>
    new AppError({
      kind: 'storage',
      code: 'AUDIT_DAMAGED',
      message: `Line ${line} of ${path} is damaged.`,
      details: { path, line }
    })
}
