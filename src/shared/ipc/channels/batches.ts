import { consoleUnsureSchema } from '../../batches/console-unsure'
import { z } from 'zod'
import { languageSchema } from '../../i18n/language-schema'
import { channel, noInput } from '../define'
import { aliasPatternSchema } from '../../batches/alias-pattern'
import {
  batchDetailSchema,
  batchNameSchema,
  batchRowSchema,
  batchSummarySchema,
  batchViewQuerySchema,
  batchViewSchema,
  byteOrderSchema,
  checkResultSchema,
  createBatchInputSchema,
  CSV_MAX_CHARS,
  csvPreviewOpenSchema,
  csvPreviewRowSchema,
  csvPreviewSchema,
  uploadProgressSchema,
  uploadResultSchema
} from '../../batches/schemas'
import { tapResultSchema } from '../../batches/tap'

const batchId = z.string().min(1).max(100)
/** Counts the changes main made to a batch since it loaded it: one more with each batches.changed. */
const batchVersion = z.number().int().min(0)
const csvText = z
  .string()
  .max(
    CSV_MAX_CHARS,
    `The file is too large (the limit is ${CSV_MAX_CHARS / 1048576} million characters, about 170,000 cards); split it into smaller files`
  )
/** The name of the file a CSV text was read from (as the file picker gives it): kept with the rows it adds. */
const csvFileName = z.string().min(1).max(255)

export const batchChannels = {
  'batches.list': channel(
    'Every offline batch with its state (draft, uploading, partly imported, imported); files that could not be read',
    noInput,
    z.object({
      batches: z.array(batchSummarySchema),
      unreadable: z.array(z.object({ file: z.string(), message: z.string() }))
    })
  ),
  'batches.create': channel(
    'Start a named batch; an alias pattern such as Floor2-{n:3} numbers the scanned cards',
    createBatchInputSchema,
    batchSummarySchema
  ),
  'batches.get': channel(
    'A batch with all its rows, and the version its later batches.changed events count from',
    z.object({ id: batchId }),
    batchDetailSchema.extend({ version: batchVersion })
  ),
  'batches.view': channel(
    "A window of a batch's rows (offset, limit) with its summary, its version (batches.changed counts from it) and " +
      'what the screen says of the whole batch (rows sent, fixed, the first to send; where rowId is). The rows stay in main',
    batchViewQuerySchema,
    batchViewSchema
  ),
  'batches.rename': channel(
    "Change a batch's name or alias pattern (null removes the pattern)",
    z.object({
      id: batchId,
      name: batchNameSchema.optional(),
      aliasPattern: aliasPatternSchema.nullable().optional(),
      byteOrder: byteOrderSchema.optional()
    }),
    batchSummarySchema
  ),
  'batches.delete': channel(
    'Delete a batch and its file',
    z.object({ id: batchId }),
    z.object({ deleted: z.literal(true) })
  ),
  'batches.addScan': channel(
    "Add a tapped (or typed) card; a tap's UID follows the batch's byte order and a random UID is refused. Answers after the row is on disk; duplicate: already in the batch",
    z.object({
      batchId,
      uid: z.string().min(1).max(64),
      alias: z.string().max(200).optional(),
      /** scan: a reader tap (the batch's byte order applies); typed: taken as written. */
      source: z.enum(['scan', 'typed']).default('scan')
    }),
    // A typed ID not found while some console cards show no NFC ID (UA cards): `unsure` as counts (the desk's
    // words), `note` in main's English (the CLI's).
    z.object({
      row: batchRowSchema,
      duplicate: z.boolean(),
      note: z.string().optional(),
      unsure: consoleUnsureSchema.optional()
    })
  ),
  'batches.scanInto': channel(
    'Taps on the USB reader go into this batch from now on (null: into none); each tap answers with a batches.tap event',
    z.object({ batchId: batchId.nullable() }),
    z.object({ batchId: z.string().nullable() })
  ),
  'batches.updateRow': channel(
    "Edit a row's NFC ID or alias (not once imported)",
    z.object({
      batchId,
      rowId: z.string().min(1).max(100),
      nfcId: z.string().max(64).optional(),
      alias: z.string().max(200).optional()
    }),
    batchRowSchema
  ),
  'batches.deleteRow': channel(
    'Remove rows from a batch',
    z.object({ batchId, rowIds: z.array(z.string().min(1).max(100)).min(1).max(100_000) }),
    batchSummarySchema
  ),
  'batches.previewCsv': channel(
    'Read a CSV text (the renderer reads the file): per line ok, repaired, refused or duplicate, with the reasons',
    z.object({ text: csvText, batchId: batchId.optional() }),
    csvPreviewSchema
  ),
  'batches.importCsv': channel(
    'Add the valid rows of a CSV text to a batch; fileName: the file it was read from, kept with its rows and named by ' +
      'the audit row of their upload',
    z.object({ batchId, text: csvText, fileName: csvFileName.optional() }),
    z.object({ added: z.number().int(), preview: csvPreviewSchema })
  ),
  'batches.previewFile': channel(
    'batches.previewCsv for the screen: the counts, the notes and the first `limit` lines; main keeps the lines ' +
      '(a file may hold 10,000) under previewId, and batches.previewRows answers windows of them; a line the batch ' +
      'already holds as written (same NFC ID and alias) is said as added (status added), not as a duplicate',
    z.object({
      text: csvText,
      batchId: batchId.optional(),
      limit: z.number().int().min(0).max(1000)
    }),
    csvPreviewOpenSchema
  ),
  'batches.previewRows': channel(
    'A window of the lines of a preview main keeps (batches.previewFile, batches.importFile)',
    z.object({
      previewId: z.string().min(1).max(100),
      offset: z.number().int().min(0),
      limit: z.number().int().min(0).max(1000)
    }),
    z.object({ offset: z.number().int(), rows: z.array(csvPreviewRowSchema) })
  ),
  'batches.importFile': channel(
    'batches.importCsv for the screen: the rows added, and the file read again against the batch as the add left it ' +
      '(the lines added said as added), kept in main as by batches.previewFile',
    z.object({
      batchId,
      text: csvText,
      fileName: csvFileName.optional(),
      limit: z.number().int().min(0).max(1000)
    }),
    z.object({ added: z.number().int(), preview: csvPreviewOpenSchema })
  ),
  'batches.exportCsv': channel(
    "A batch (or its failed rows) in the console's CSV format, NFCID,alias, LF, after a header line naming the IDs as sent to the console (in `language`; none: English)",
    z.object({ batchId, which: z.enum(['all', 'failed']), language: languageSchema.optional() }),
    z.object({ filename: z.string(), text: z.string(), rows: z.number().int() })
  ),
  'batches.upload': channel(
    'Import the batch on the console (E16) in chunks; never re-sends imported rows. onlyFailed = retry failed rows',
    z.object({ batchId, onlyFailed: z.boolean().optional(), resendUnknown: z.boolean().optional() }),
    uploadResultSchema
  ),
  'batches.check': channel(
    'Look the rows "to check" up in the console\'s card list: found → imported, not found → not sent (an upload sends them)',
    z.object({ batchId }),
    checkResultSchema
  ),
  'batches.capabilities': channel(
    'Whether the active token may upload batches (E16 needs edit:credential), found without sending a card',
    z.undefined().optional(),
    z.object({ canUpload: z.boolean(), missingPermission: z.string().optional() })
  )
}

/**
 * What a batch's change did to its rows, as they are now: a tap adds one row, an edit updates one,
 * an upload's chunk updates its rows. The renderer applies it to the batch it shows.
 */
export const batchRowChangesSchema = z.object({
  added: z.array(batchRowSchema),
  updated: z.array(batchRowSchema),
  removed: z.array(z.string())
})

export const batchEvents = {
  /**
   * A batch changed: its new summary and the rows the change touched, with the version it brings the
   * batch to (one more than before). A renderer showing another version than the one before missed an
   * event: it reads the batch again (batches.get). summary null: the batch was deleted (no rows, no version).
   */
  'batches.changed': z.object({
    batchId: z.string(),
    summary: batchSummarySchema.nullable(),
    version: batchVersion.optional(),
    rows: batchRowChangesSchema.optional()
  }),
  'batches.uploadProgress': uploadProgressSchema,
  /** A tap on the USB reader, handled: added, already in the batch, refused, or no batch open. */
  'batches.tap': tapResultSchema
}
