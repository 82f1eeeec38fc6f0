import { z } from 'zod'
import { rosterSaidSchema } from '../../../shared/roster/roster-said'
import {
  columnMappingSchema,
  conflictKindSchema,
  personRefSchema,
  planRowSchema,
  rosterOptionsSchema,
  rosterSheetSchema
} from '../../../shared/roster/sheet'
import { rosterStepSchema } from '../../../shared/roster/run'
import { journalFormat } from '../storage/journal'

/**
 * The lines of a roster's journal (`<dataDir>/rosters/<id>.jsonl`), kept with the batch journal's
 * durability: every line is fsynced before the call that wrote it goes on. The file alone rebuilds
 * the roster after a restart: the rows as read, the mapping, the user's choices, the plan as it was
 * run, and each step's `sending` (written before its request leaves) and `result` (after the answer).
 * A `sending` with no `result` is a step the app stopped during: `unknown`, checked before any resend.
 * A PIN is never written here: a PIN step's lines say only that it was sent and how it ended.
 */

const at = z.string()

const createSchema = z.object({
  t: z.literal('create'),
  v: z.literal(1),
  meta: z.object({ id: z.string().min(1), fileName: z.string(), createdAt: at }),
  sheet: rosterSheetSchema,
  /** Every data row as read (the header excluded): the roster survives a restart without its file. */
  rows: z.array(z.array(z.string())),
  /** The line each row starts on in the file (row ids are `r<line>`). */
  lines: z.array(z.number().int().min(1)),
  /** The lines that could not be read (a quote never closed): flagged, never onboarded. */
  unreadable: z.array(z.number().int().min(1)).optional()
})

const mappingSchema = z.object({
  t: z.literal('mapping'),
  at,
  mapping: columnMappingSchema,
  options: rosterOptionsSchema
})

const resolveSchema = z.object({
  t: z.literal('resolve'),
  at,
  rowId: z.string(),
  /** null: leave the row out. */
  person: personRefSchema.nullable()
})

const decideSchema = z.object({
  t: z.literal('decide'),
  at,
  /** null: every row with this conflict. */
  rowId: z.string().nullable(),
  kind: conflictKindSchema,
  decision: z.enum(['skip', 'go-ahead'])
})

const consoleSchema = z.object({
  t: z.literal('console'),
  at,
  console: z.object({ profileId: z.string(), name: z.string() })
})

/**
 * The plan as it is run, frozen at the first run: a re-plan would read the console after the run
 * changed it (a person given a card "already has one") and must not change what the run does.
 */
const runSchema = z.object({
  t: z.literal('run'),
  at,
  rows: z.array(planRowSchema)
})

/** What a step was sent with: enough to check it against the console if its answer is lost. */
const stepDetailSchema = z.object({
  token: z.string().optional(),
  displayId: z.string().optional(),
  nfcId: z.string().optional(),
  passId: z.string().optional(),
  /**
   * A PIN step: the digest (audit/kept-write.ts pinDigest) of the console's token of the PIN the person
   * held just before it was sent, null when none. A lost answer is told by it (read-back-rules.ts pinGiven).
   */
  pinBefore: z.string().nullable().optional()
})

const sendingSchema = z.object({
  t: z.literal('sending'),
  at,
  rowId: z.string(),
  step: rosterStepSchema,
  attempt: z.number().int().min(1),
  detail: stepDetailSchema.optional()
})

const resultSchema = z.object({
  t: z.literal('result'),
  at,
  rowId: z.string(),
  step: rosterStepSchema,
  /**
   * planned: a lost answer was checked and the console does not hold the step's effect, so it may be
   * sent again. unknown + checked: the console was asked and the step still needs the user (a PIN).
   */
  state: z.enum(['done', 'failed', 'unknown', 'skipped', 'planned']),
  detail: stepDetailSchema.optional(),
  reason: z.string().optional(),
  /** The reason as facts a desk words in its language (absent on journals written before them). */
  said: rosterSaidSchema.optional(),
  code: z.string().optional(),
  checked: z.boolean().optional()
})

/** The enrollment line: a person left without a card, and a bound card taken back (before and after). */
const lineSchema = z.object({
  t: z.literal('line'),
  at,
  rowId: z.string(),
  event: z.enum(['skipped', 'undo-sending', 'undone', 'undo-failed']),
  token: z.string().optional(),
  reason: z.string().optional()
})

export const rosterEntrySchema = z.discriminatedUnion('t', [
  createSchema,
  mappingSchema,
  resolveSchema,
  decideSchema,
  consoleSchema,
  runSchema,
  sendingSchema,
  resultSchema,
  lineSchema
])
export type RosterEntry = z.infer<typeof rosterEntrySchema>
export type RosterCreate = z.infer<typeof createSchema>
export type StepDetail = z.infer<typeof stepDetailSchema>
export type ResultEntry = z.infer<typeof resultSchema>

export const rosterJournalFormat = journalFormat(rosterEntrySchema, 'roster', {
  afterWrite: 'Nothing was sent for the step that could not be recorded.',
  damagedHint:
    'Keep a copy of the file and report it. Other rosters are not affected; open the roster file again to start over.'
})
