import { z } from 'zod'
import { auditTouchPassSchema, auditWriteShape, importedCardNumbersSchema } from '../../../shared/audit/schemas'
import { auditFactsSchema, auditFailureSchema, auditSaidSchema } from '../../../shared/audit/detail-facts'
import { journalFormat } from '../storage/journal'
import { keptWriteSchema } from './kept-write'

/**
 * The lines of the audit journal (`<dataDir>/audit/audit.jsonl`). A write is two lines: `begin`,
 * fsynced before the request leaves, and `end` with the outcome, fsynced before the caller sees
 * the answer. A `begin` with no `end` is a write the app stopped during: its outcome is unknown.
 */
const beginSchema = z.object({
  t: z.literal('begin'),
  id: z.string().min(1),
  at: z.string(),
  /** The card, pass and visit in it are named as before the write was sent (see write-names.ts). */
  ...auditWriteShape,
  /** What was sent, as facts (shared/audit/detail-facts.ts). */
  facts: auditFactsSchema.optional(),
  /**
   * A journal written before rows carried facts: the detail as main's English. Still read (the row
   * shows it as recorded); no line is written with it now.
   */
  detail: z.string().optional(),
  /**
   * What a later check reads of the write (kept-write.ts): a row left Unknown is read back by it after
   * a restart too. Never shown, exported or searched: the row the screen gets leaves it out.
   */
  check: keptWriteSchema.optional()
})

const endSchema = z.object({
  t: z.literal('end'),
  id: z.string().min(1),
  at: z.string(),
  outcome: z.enum(['ok', 'refused', 'notSent', 'unknown', 'notDone']),
  code: z.string().optional(),
  message: z.string().optional(),
  /** What the answer named: the id of a created record, how many were imported. */
  targetId: z.string().optional(),
  targetName: z.string().optional(),
  /** The pass the answer named (an assignment answers the pass with its card id and holder). */
  touchPass: auditTouchPassSchema.optional(),
  /** An import's cards the console holds, by NFC ID → their numbers (read after its answer, or read back). */
  cardNumbers: importedCardNumbersSchema.optional(),
  /** What the answer or a read-back added, as facts. */
  facts: auditFactsSchema.optional(),
  /** The outcome's sentence as facts (a read-back settled it); `message` keeps a console's own words. */
  said: auditSaidSchema.optional(),
  /** What failed, as the facts of main's error (the screen words `message` from them). */
  failure: auditFailureSchema.optional(),
  /** The console's own words in its refusal (its `msg`, in its language, English), apart from main's sentence. */
  consoleMsg: z.string().max(1000).optional(),
  /** As the begin line's: English detail of a journal written before facts. */
  detail: z.string().optional()
})

export const auditEntrySchema = z.discriminatedUnion('t', [beginSchema, endSchema])
export type AuditEntry = z.infer<typeof auditEntrySchema>
export type AuditBegin = z.infer<typeof beginSchema>
export type AuditEnd = z.infer<typeof endSchema>
/** An end line as a writer hands it: the journal adds its kind, row id and time. */
export type EndInput = Omit<AuditEnd, 't' | 'id' | 'at'>

/** A damaged line does not stop the log: audit-log.ts sets the file aside and starts a new one. */
export const auditJournalFormat = journalFormat(auditEntrySchema, 'audit journal', {
  notSaved: 'The audit journal could not record this change, so it was not sent to the console',
  afterWrite: 'Then try again.',
  stopsLoading: false
})
