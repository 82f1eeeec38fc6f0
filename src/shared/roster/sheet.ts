import { z } from 'zod'
import { csvNoteSchema } from '../batches/csv-said'
import { consoleUnsureSchema } from '../batches/console-unsure'
import { rosterSaidSchema } from './roster-said'

/**
 * A roster as the installer brings it (CSV or XLSX from an HR tool), the columns they map, who each
 * row is on the console, and the plan of what each row gets. Main reads the file and keeps the rows;
 * the renderer sees the headers, a sample, and the plan.
 */

/** The fields a roster column can be mapped to. */
export const rosterFields = [
  'email',
  'employeeNumber',
  'fullName',
  'firstName',
  'lastName',
  /** A card's NFC ID (hex), the word `enroll`, or empty. */
  'card',
  /** yes/no: give this person a generated PIN. */
  'pin',
  /** yes/no: give this person a Touch Pass (users only). */
  'touchPass'
] as const
export type RosterField = (typeof rosterFields)[number]
export const rosterFieldSchema = z.enum(rosterFields)

/** Field → column index (0-based) in the sheet; absent or null: not in the file. */
export const columnMappingSchema = z.partialRecord(rosterFieldSchema, z.number().int().min(0).max(500).nullable())
export type ColumnMapping = z.infer<typeof columnMappingSchema>

export const ROSTER_SAMPLE_ROWS = 20
export const ROSTER_MAX_ROWS = 20_000

export const rosterSheetSchema = z.object({
  fileName: z.string(),
  /** XLSX: the sheet read (the first one with data). */
  sheetName: z.string().optional(),
  /** Each column's name; a column the file names not is called by its letter in main's English ("Column D"). */
  headers: z.array(z.string()),
  /** The columns the file gives no name (0-based): a desk calls them by their letter in its language. */
  unnamed: z.array(z.number().int().min(0)).optional(),
  rowCount: z.number().int().min(0),
  /** The first rows, as read, for the mapping preview. */
  sample: z.array(z.array(z.string())).max(ROSTER_SAMPLE_ROWS),
  /**
   * The sample's rows that are lines the file could not read (a quote never closed), by their place in
   * `sample`, with their line: the preview shows each as not read, as the plan says it, never its cells
   * split as written (a last name `"Ng`).
   */
  sampleNotRead: z
    .array(z.object({ row: z.number().int().min(0), line: z.number().int().min(1) }))
    .max(ROSTER_SAMPLE_ROWS)
    .optional(),
  /** What was repaired or guessed while reading (encoding, delimiter, blank lines dropped), in main's English. */
  notes: z.array(z.string()),
  /** The same notes as facts, Import's file notes (`csvNote.<key>`): the desk words them in its language. */
  noteSaid: z.array(csvNoteSchema).optional()
})
export type RosterSheet = z.infer<typeof rosterSheetSchema>

/** What every row gets when its own column does not say. */
export const rosterOptionsSchema = z.object({
  /**
   * Cards for rows whose card cell is empty: none, enroll now on a reader, or the next unused row of an
   * import batch (in the batch's order).
   */
  cards: z.enum(['none', 'enroll', 'batch']).default('none'),
  batchId: z.string().min(1).max(100).nullable().default(null),
  /** all: every row; column: rows whose `pin` cell says yes; none. */
  pin: z.enum(['none', 'all', 'column']).default('none'),
  touchPass: z.enum(['none', 'all', 'column']).default('none')
})
export type RosterOptions = z.infer<typeof rosterOptionsSchema>
/** A roster's options before the person picks any (main's new roster, the desk's Columns step): the schema's defaults. */
export const defaultRosterOptions = (): RosterOptions => rosterOptionsSchema.parse({})

export const personTypeSchema = z.enum(['user', 'visitor'])
export const personRefSchema = z.object({
  type: personTypeSchema,
  id: z.string().min(1).max(200),
  name: z.string(),
  email: z.string().optional(),
  employeeNumber: z.string().optional()
})
export type PersonRef = z.infer<typeof personRefSchema>

/** How a row's person was found. Ambiguous and missing are never guessed: the user resolves them. */
export const personMatchSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('matched'),
    person: personRefSchema,
    /** chosen: the user picked them. */
    by: z.enum(['email', 'employeeNumber', 'name', 'chosen'])
  }),
  z.object({
    state: z.literal('ambiguous'),
    candidates: z.array(personRefSchema).max(20),
    /** Why it is ambiguous, in words: "2 people are named Ada Ng", "the email and the employee number name different people". */
    reason: z.string(),
    /** The reason as facts, said in a desk's language (roster-said.ts); `reason` is main's English of them. */
    said: rosterSaidSchema.optional()
  }),
  z.object({ state: z.literal('missing'), reason: z.string(), said: rosterSaidSchema.optional() }),
  /**
   * The user chose to leave this row out. `was`: whom its keys found (the row matched before it was
   * left out), so the results still say the row's type and email; nothing is ever sent to them.
   */
  z.object({ state: z.literal('skipped'), was: personRefSchema.optional() })
])
export type PersonMatch = z.infer<typeof personMatchSchema>

/** Where a row's card comes from. */
export const cardPlanSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  /** Already on the console (its display id shows the NFC ID): assign it. */
  z.object({ kind: z.literal('existing'), nfcId: z.string(), token: z.string(), displayId: z.string() }),
  /** Not on the console yet: import it (E16), then assign. */
  z.object({
    kind: z.literal('import'),
    nfcId: z.string(),
    /** Why "not on the console" is not certain: some console cards show no NFC ID (UA cards). Main's English (the CLI's words). */
    unsure: z.string().optional(),
    /** The same as counts: the desk says it in its language (renderer lib/i18n/console-unsure-words.ts). */
    unsureSaid: consoleUnsureSchema.optional()
  }),
  /** A row of an import batch (imported with it first if it is not yet). */
  z.object({
    kind: z.literal('batch'),
    batchId: z.string(),
    rowId: z.string(),
    nfcId: z.string(),
    token: z.string().optional(),
    displayId: z.string().optional()
  }),
  /** Enroll now on the enrollment line. */
  z.object({ kind: z.literal('enroll') })
])
export type CardPlan = z.infer<typeof cardPlanSchema>

export const conflictKindSchema = z.enum([
  /** The person already holds a card: a second one is added. */
  'has-card',
  /** The person already has a PIN: a new one replaces it. */
  'has-pin',
  /** The person already has a Touch Pass: a user holds at most one. */
  'has-pass',
  /** The card belongs to someone else: it would be taken over. */
  'card-owned',
  /** The same NFC ID in more than one row. */
  'duplicate-card',
  /** The same person in more than one row. */
  'duplicate-person',
  /** More passes asked for than the console has assignable. */
  'no-pass-left',
  /** Touch Passes go to users only. */
  'pass-for-visitor',
  /** The card cell is neither an NFC ID nor `enroll`. */
  'bad-card-cell',
  /**
   * The card cell is digits only: read as hex (as Import reads it), but it may be the card's decimal
   * number (shared/nfc/card-number.ts writtenDigits). No card unless the user says "read it as hex".
   */
  'digits-card-cell',
  /** The batch row is not there, or failed to import. */
  'batch-row-unusable',
  /** The PIN cell holds a word that is neither a yes nor a no (yes-no-words.ts): the user says which. */
  'unclear-pin-cell',
  /** The Touch Pass cell likewise. */
  'unclear-pass-cell',
  /**
   * The line could not be read (a double quote never closed): the row is left out, nothing is sent
   * for it; the user fixes the file and opens it again.
   */
  'unreadable-line'
])
export const conflictKinds = conflictKindSchema.options
export type ConflictKind = z.infer<typeof conflictKindSchema>

/** The conflicts the user must decide before the run: nothing is given or skipped for them silently. */
export const undecidedByDefault: ReadonlySet<ConflictKind> = new Set(['unclear-pin-cell', 'unclear-pass-cell'])

export const conflictSchema = z.object({
  kind: conflictKindSchema,
  step: z.enum(['card', 'pin', 'pass', 'row']),
  /** What will happen, as the plan says it (before the run). */
  message: z.string(),
  /**
   * What happened once the step is skipped, as the results say it ("…: skipped, the PIN they have is
   * kept"); absent on plans stored before it existed: the message is shown.
   */
  skipped: z.string().optional(),
  /** `message` and `skipped` as facts, said in a desk's language (roster-said.ts). */
  said: rosterSaidSchema.optional(),
  skippedSaid: rosterSaidSchema.optional(),
  /** card-owned: who holds the card, when the console's card record or its people say. */
  holder: z.object({ name: z.string(), type: personTypeSchema }).optional(),
  /** Whether the user may choose "do it anyway" (a duplicate or a bad cell cannot be overridden). */
  overridable: z.boolean(),
  /**
   * The user's choice; the default is to skip the step, but an unclear cell is `undecided` until the
   * user says (the run waits for it).
   */
  decision: z.enum(['skip', 'go-ahead', 'undecided']).default('skip')
})
export type Conflict = z.infer<typeof conflictSchema>

export const planRowSchema = z.object({
  rowId: z.string(),
  /** The line in the file (1-based, the header is line 1). */
  line: z.number().int().min(1),
  /** The person as the file names them; a row naming nobody is "Line 7" in main's English (`unnamed`). */
  label: z.string(),
  /** The row gives no name, email or employee number: a desk says so in its words, not main's "Line 7". */
  unnamed: z.literal(true).optional(),
  match: personMatchSchema,
  card: cardPlanSchema,
  pin: z.boolean(),
  touchPass: z.boolean(),
  conflicts: z.array(conflictSchema)
})
export type PlanRow = z.infer<typeof planRowSchema>

export const planTotalsSchema = z.object({
  rows: z.number().int(),
  matched: z.number().int(),
  ambiguous: z.number().int(),
  missing: z.number().int(),
  skipped: z.number().int(),
  cardsExisting: z.number().int(),
  cardsImport: z.number().int(),
  cardsBatch: z.number().int(),
  cardsEnroll: z.number().int(),
  pins: z.number().int(),
  passes: z.number().int(),
  passesAvailable: z.number().int(),
  conflicts: z.number().int(),
  /** Rows with a conflict the user has not decided yet (an unclear PIN or Touch Pass cell). */
  undecided: z.number().int(),
  /** Rows that will do something once run. */
  ready: z.number().int()
})
export type PlanTotals = z.infer<typeof planTotalsSchema>

/**
 * A row that waits for the user before the roster can run: who it is (ambiguous or missing), or a
 * cell not understood (undecided). The plan's "Needs you" and its Run button use this rule; main refuses
 * to run a row with an undecided cell (`rowUndecided`: an unsettled person sends nothing anyway).
 */
export function rowNeedsYou(row: PlanRow): boolean {
  return row.match.state === 'ambiguous' || row.match.state === 'missing' || rowUndecided(row)
}

/** A matched row with a cell the user has not said yes or no to: it would give or skip something silently. */
export function rowUndecided(row: PlanRow): boolean {
  return row.match.state === 'matched' && row.conflicts.some((c) => c.decision === 'undecided')
}
