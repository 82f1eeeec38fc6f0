import { z } from 'zod'
import { journalFormat } from '../storage/journal'
import { batchConsoleSchema, batchRowSchema, byteOrderSchema } from '../../../shared/batches/schemas'
import { rowReasonSchema } from '../../../shared/batches/row-reason'

/**
 * The lines of a batch journal (`<dataDir>/batches/<id>.jsonl`). Replaying them in order rebuilds
 * the batch; a snapshot line (written by compaction) replaces everything before it.
 */
const rowResultSchema = z.object({
  rowId: z.string(),
  status: z.enum(['pending', 'imported', 'failed', 'unknown']),
  token: z.string().optional(),
  displayId: z.string().optional(),
  /** In English; with `reasonSaid`, the same as facts. A journal written before holds the English only. */
  reason: z.string().optional(),
  reasonSaid: rowReasonSchema.optional()
})

export const batchMetaSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  aliasPattern: z.string().nullable(),
  /** Absent in batches written before the byte order was kept with the batch. */
  byteOrder: byteOrderSchema.default('as-read'),
  nextNumber: z.number().int(),
  createdAt: z.string(),
  /** The console of the first upload; absent in batches never uploaded (or written before). */
  console: batchConsoleSchema.nullable().default(null)
})
export type BatchMeta = z.infer<typeof batchMetaSchema>

export const journalEntrySchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('create'), v: z.literal(1), meta: batchMetaSchema }),
  z.object({
    t: z.literal('snapshot'),
    v: z.literal(1),
    meta: batchMetaSchema,
    rows: z.array(batchRowSchema),
    at: z.string()
  }),
  z.object({
    t: z.literal('meta'),
    name: z.string().optional(),
    aliasPattern: z.string().nullable().optional(),
    byteOrder: byteOrderSchema.optional(),
    /**
     * With a byte order switch: every row not yet sent now goes in the new order (its NFC ID's
     * bytes reversed). Absent in journals written before a switch turned the rows.
     */
    reverseRows: z.literal(true).optional(),
    at: z.string()
  }),
  /** `nextNumber` is the counter after these rows (alias numbering survives a restart). */
  z.object({ t: z.literal('add'), rows: z.array(batchRowSchema), nextNumber: z.number().int().optional() }),
  z.object({
    t: z.literal('update'),
    rowId: z.string(),
    nfcId: z.string().optional(),
    /** With nfcId: the new ID was all digits written as hex (schemas.ts `hexByForm`). */
    hexByForm: z.literal(true).optional(),
    alias: z.string().optional(),
    at: z.string()
  }),
  z.object({ t: z.literal('remove'), rowIds: z.array(z.string()), at: z.string() }),
  z.object({ t: z.literal('upload-start'), uploadId: z.string(), at: z.string() }),
  /** Written (and fsynced) before a chunk is sent: if no result follows, those rows are `unknown`. */
  z.object({ t: z.literal('sending'), uploadId: z.string(), rowIds: z.array(z.string()) }),
  /**
   * The audit row of a part's request, once it is on record and before the request is sent: a stop
   * before the answer leaves its rows "to check" linked to that row, which their check then settles.
   */
  z.object({ t: z.literal('audit-row'), rowIds: z.array(z.string()), auditRowId: z.string() }),
  z.object({
    t: z.literal('results'),
    uploadId: z.string(),
    results: z.array(rowResultSchema),
    /**
     * The audit row of the request whose answer was lost, with the rows it left "to check": the
     * check that later finds them settles that row (audit/settle-write.ts settleRow).
     */
    auditRowId: z.string().optional()
  }),
  z.object({ t: z.literal('upload-end'), uploadId: z.string(), at: z.string() }),
  /** The batch is bound to the console it is first uploaded to. */
  z.object({ t: z.literal('console'), console: batchConsoleSchema, at: z.string() }),
  /** The console's numbers (display ids) of imported rows, looked up after an upload. */
  z.object({ t: z.literal('numbers'), numbers: z.array(z.tuple([z.string(), z.string()])) })
])
export type JournalEntry = z.infer<typeof journalEntrySchema>

export const batchJournalFormat = journalFormat(journalEntrySchema, 'batch', {
  afterWrite: 'The last change was not saved.',
  damagedHint: 'Keep a copy of the file and report it. Other batches are not affected.'
})
