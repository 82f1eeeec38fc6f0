import { z } from 'zod'
import { BATCH_NAME_MAX } from '../text/field-limits'
import { aliasPatternSchema } from './alias-pattern'
import { csvNoteSchema, csvSaidSchema } from './csv-said'
import { rowReasonSchema } from './row-reason'
import { consoleUnsureSchema } from './console-unsure'

/** A card's NFC ID in the console's form: uppercase hex of 4, 7 or 10 bytes. */
export const nfcHexSchema = z
  .string()
  .regex(/^(?:[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20})$/, 'An NFC ID is 4, 7 or 10 bytes of uppercase hex')

/**
 * An alias as it can travel in the console's CSV and come back unchanged: no line breaks or
 * control characters, no surrounding spaces or quotes (the CSV reader strips those as repairs).
 */
export const aliasSchema = z
  .string()
  .max(128, 'Keep the alias to 128 characters')
  // eslint-disable-next-line no-control-regex
  .refine((a) => !/[\u0000-\u001f\u007f]/.test(a), 'An alias cannot hold line breaks or control characters')
  .refine((a) => a === a.trim(), 'An alias cannot start or end with a space')
  .refine((a) => !/^["']|["']$/.test(a), 'An alias cannot start or end with a quote')

/** Each rule of aliasSchema by a name, from its English message: the catalogue says the rule by name. */
export const aliasRuleOf: Readonly<Record<string, string>> = {
  'Keep the alias to 128 characters': 'tooLong',
  'An alias cannot hold line breaks or control characters': 'control',
  'An alias cannot start or end with a space': 'space',
  'An alias cannot start or end with a quote': 'quote'
}

export const rowStatusSchema = z.enum(['pending', 'sending', 'imported', 'failed', 'unknown'])

export const batchRowSchema = z.object({
  id: z.string().min(1),
  nfcId: nfcHexSchema,
  alias: z.string(),
  addedAt: z.string(),
  source: z.enum(['scan', 'csv', 'manual']),
  /** The name of the CSV file a `csv` row came from (absent in rows kept before, and for a CSV text without one). */
  file: z.string().max(255).optional(),
  /** pending → sending → imported | failed; `unknown` = the app stopped before the console answered: check before re-sending. */
  status: rowStatusSchema,
  token: z.string().optional(),
  /** The card's number on the console (its display id), once imported and looked up. */
  displayId: z.string().optional(),
  /** A failed row edited since: "Retry failed" sends it again with the failed ones. */
  retry: z.boolean().optional(),
  /**
   * All digits, but written with separators or 0x (`04:11:22:33:44:55:77`): hex by its form, so no
   * decimal reading applies (shared/nfc/card-number.ts `writtenDigitsReading`). The row keeps only
   * its normal form; this keeps what the writing said.
   */
  hexByForm: z.literal(true).optional(),
  /** Why the row is failed, to check or back to not sent, in main's English (the CLI's words). */
  reason: z.string().optional(),
  /** The same as facts (./row-reason.ts), said in the desk's language; absent in rows kept before. */
  reasonSaid: rowReasonSchema.optional()
})
export type BatchRow = z.infer<typeof batchRowSchema>

export const batchStateSchema = z.enum(['draft', 'uploading', 'partly-imported', 'imported'])
export type BatchState = z.infer<typeof batchStateSchema>

/**
 * How a tapped UID becomes the NFC ID sent to the console: as the reader read it, or with its bytes
 * reversed (some printed card numbers and older systems use the other byte order).
 */
export const byteOrderSchema = z.enum(['as-read', 'reversed'])
export type ByteOrder = z.infer<typeof byteOrderSchema>

/** The console a batch was uploaded to: its rows' results are that console's. */
export const batchConsoleSchema = z.object({ profileId: z.string(), name: z.string() })
export type BatchConsoleRef = z.infer<typeof batchConsoleSchema>

export const batchSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  aliasPattern: z.string().nullable(),
  byteOrder: byteOrderSchema,
  nextNumber: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  state: batchStateSchema,
  /** null until the first upload. */
  console: batchConsoleSchema.nullable(),
  counts: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    imported: z.number().int(),
    failed: z.number().int(),
    unknown: z.number().int()
  })
})
export type BatchSummary = z.infer<typeof batchSummarySchema>

export const batchDetailSchema = batchSummarySchema.extend({ rows: z.array(batchRowSchema) })
export type BatchDetail = z.infer<typeof batchDetailSchema>

export const batchNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the batch a name')
  .max(BATCH_NAME_MAX, `Shorten the batch's name to at most ${BATCH_NAME_MAX} characters.`)

export const createBatchInputSchema = z.object({
  name: batchNameSchema,
  byteOrder: byteOrderSchema.optional(),
  aliasPattern: aliasPatternSchema.optional(),
  firstNumber: z.number().int().min(0).max(1_000_000).optional()
})

/** `added`: a line of the file added to the batch before, read again (after a line of it was fixed). */
export const csvRowStatusSchema = z.enum(['ok', 'repaired', 'refused', 'duplicate', 'added'])

/** One line of a CSV file as the import preview shows it. `line` is the line number in the file. */
export const csvPreviewRowSchema = z.object({
  line: z.number().int().positive(),
  nfcId: nfcHexSchema.optional(),
  alias: z.string(),
  status: csvRowStatusSchema,
  /** What is said of the line in main's English (the CLI's words); the screens word `said`. */
  messages: z.array(z.string()),
  /** The same, one fact each, in order (./csv-said.ts): the desk says them in its language. */
  said: z.array(csvSaidSchema).optional(),
  /** An all-digit NFC ID: read as hex, and what it would be as a decimal number (card-number.ts), in main's English. */
  reading: z.string().optional(),
  /** The same as facts (card-number.ts `writtenDigits`): the digits as written, the NFC ID they are as a decimal number. */
  readingSaid: z.object({ digits: z.string(), decimalUid: z.string() }).optional()
})
export type CsvPreviewRow = z.infer<typeof csvPreviewRowSchema>

export const csvPreviewSchema = z.object({
  rows: z.array(csvPreviewRowSchema),
  /** Whole-file findings (BOM, line endings, header) said once, in main's English (the CLI's words). */
  notes: z.array(z.string()),
  /** The same, as facts (./csv-said.ts `csvNoteSchema`): the desk says them in its language. */
  noteSaid: z.array(csvNoteSchema).optional(),
  counts: z.object({
    ok: z.number(),
    repaired: z.number(),
    refused: z.number(),
    duplicate: z.number(),
    /** Lines already added to the batch from this file (status `added`), when it is read again after Add. */
    added: z.number().optional()
  }),
  /**
   * When the console's cards the lines were compared with were read (ISO time); absent when none were
   * read (no console, another console's batch, the console not answering). What the preview says of
   * the console is as of then, and the screen says so.
   */
  consoleReadAt: z.string().optional()
})
export type CsvPreview = z.infer<typeof csvPreviewSchema>

/**
 * The renderer reads the file and sends its text. 4 Mi characters are about 170,000 lines of
 * `04A1B2C3,Floor2-001`, far more cards than a site holds; beyond that the text and its preview
 * would be messages of tens of MB. The file itself may take twice as many bytes (UTF-16).
 */
export const CSV_MAX_CHARS = 4 * 1024 * 1024
export const CSV_MAX_BYTES = 2 * CSV_MAX_CHARS

export const checkResultSchema = z.object({
  /** Rows to check found on the console (now imported). */
  found: z.number().int(),
  /** Rows to check the console does not hold (now not sent: an upload sends them). */
  absent: z.number().int(),
  /**
   * With absent rows, when some console cards show no NFC ID (UA cards): those could not be compared,
   * so "not there" is not sure (console-cards.ts `unsure`).
   */
  unsure: z.string().optional(),
  /** The same as counts (./console-unsure.ts): the desk says it in its language; `unsure` is main's English. */
  unsureSaid: consoleUnsureSchema.optional()
})
export type CheckResult = z.infer<typeof checkResultSchema>

export const uploadProgressSchema = z.object({
  batchId: z.string(),
  uploadId: z.string(),
  /** Rows answered so far out of the rows chosen for this upload. */
  done: z.number().int(),
  total: z.number().int(),
  chunk: z.number().int(),
  chunks: z.number().int(),
  imported: z.number().int(),
  failed: z.number().int(),
  unknown: z.number().int(),
  finished: z.boolean()
})
export type UploadProgress = z.infer<typeof uploadProgressSchema>

export const uploadResultSchema = z.object({
  uploadId: z.string(),
  sent: z.number().int(),
  imported: z.number().int(),
  failed: z.number().int(),
  unknown: z.number().int()
})
export type UploadResult = z.infer<typeof uploadResultSchema>

/**
 * A window of a batch's rows, as the Import screen asks for it: a batch may hold 10,000 rows, and
 * the screen draws a screenful at a time (main keeps the rows; cards.view does the same for Cards).
 * With the batch's summary and version (batches.changed counts from it), and what the screen says
 * of the whole batch without holding it: rows on the console (the byte order is then locked), rows
 * fixed since they failed, the first row a byte-order switch turns.
 */
export const batchViewQuerySchema = z.object({
  batchId: z.string().min(1).max(100),
  offset: z.number().int().min(0),
  limit: z.number().int().min(0).max(1000),
  /** Also say where this row is (its 0-based position), e.g. the row a duplicate typed ID is in. */
  rowId: z.string().min(1).max(100).optional(),
  /** Also say where the first failed row at or after this position is (from the start when none is): "Go to failed row". */
  failedFrom: z.number().int().min(0).optional()
})
export type BatchViewQuery = z.infer<typeof batchViewQuerySchema>

export const batchViewSchema = batchSummarySchema.extend({
  version: z.number().int().min(0),
  offset: z.number().int().min(0),
  rows: z.array(batchRowSchema),
  /** Rows imported, to check or being sent: on the console, or may be. */
  sent: z.number().int(),
  /** Rows edited since they failed: pending again, sent by a retry with the failed ones. */
  fixed: z.number().int(),
  /** Failed rows "Retry failed" sends again (shared/batches/row-way-on.ts); the others wait for a fix. */
  retried: z.number().int(),
  /** The first row not yet sent (pending or failed): a byte-order switch names it as its example. */
  firstToSend: batchRowSchema.nullable(),
  /** Where `rowId` is (0-based), -1 when it is not in the batch; absent when not asked. */
  at: z.number().int().optional(),
  /** Where the failed row asked by `failedFrom` is (0-based), -1 when no row failed; absent when not asked. */
  failedAt: z.number().int().optional()
})
export type BatchView = z.infer<typeof batchViewSchema>

/**
 * A CSV's preview as the screen holds it: the counts and notes, and the first lines; the lines stay
 * in main (a file may hold 10,000) and the screen asks for windows of them by `previewId`.
 */
export const csvPreviewOpenSchema = csvPreviewSchema.omit({ rows: true }).extend({
  previewId: z.string(),
  total: z.number().int(),
  /** Lines whose all-digit ID was read as hex (ok or repaired): flagged, not changed. */
  readAsHex: z.number().int(),
  /** The positions (0-based) of the lines that need a look (csv-problems.ts), for "Next problem". */
  problems: z.array(z.number().int()),
  offset: z.number().int(),
  rows: z.array(csvPreviewRowSchema)
})
export type CsvPreviewOpen = z.infer<typeof csvPreviewOpenSchema>
