import { z } from 'zod'
import { appErrorDataSchema } from '../error-data-schema'
import { rosterSaidSchema } from './roster-said'
import { pinStandingSchema } from './pin-standing'
import { stepStateSchema } from './step-state'

/**
 * Running a roster: each step is journaled before it is sent and its outcome after (the batch
 * journal's mechanism), so a crash resumes where it stopped and a step whose answer was lost is
 * `unknown` — checked against the console before anything is sent again.
 */

export const rosterStepSchema = z.enum([
  /** E16: a card not yet on the console (from the file or a batch row). */
  'card-import',
  /** §3.7/§4.7: bind the card's token to the person. */
  'card-assign',
  /** E1 then §3.9/§4.9: generate a PIN and assign it (the PIN is never stored). */
  'pin',
  /** §3.25: an assignable Touch Pass to the user. */
  'pass'
])
export type RosterStep = z.infer<typeof rosterStepSchema>

export { stepStateSchema, type StepState } from './step-state'

export const stepResultSchema = z.object({
  step: rosterStepSchema,
  state: stepStateSchema,
  /** Failed or skipped: why, in words; unknown: what to check. */
  reason: z.string().optional(),
  /** The reason as facts, which a desk and the results export say in their language (roster-said.ts). */
  said: rosterSaidSchema.optional(),
  code: z.string().optional()
})

/** A row's outcome as the results screen shows it. */
export const rowOutcomeSchema = z.object({
  rowId: z.string(),
  state: z.enum([
    'planned',
    'running',
    /** An enroll-now row waiting for its card on the enrollment line. */
    'waiting-card',
    'done',
    'failed',
    /** A step's answer was lost, or a row is half done (card imported, not assigned): see `fix`. */
    'to-check',
    'skipped'
  ]),
  steps: z.array(stepResultSchema),
  /** The card given, as the console numbers it. */
  cardDisplayId: z.string().optional(),
  /** The card's token (for undo and for the fix of a half-done row). */
  cardToken: z.string().optional(),
  pinAssigned: z.boolean().default(false),
  /** What the row's PIN is for a slip (shared/roster/pin-standing.ts); absent when the row asks for no PIN. */
  pin: pinStandingSchema.optional(),
  passAssigned: z.boolean().default(false),
  /** What the user can do about a row to check, in words ("Assign the imported card 00123 to Ada Ng"). */
  fix: z.string().optional(),
  fixSaid: rosterSaidSchema.optional()
})
export type RowOutcome = z.infer<typeof rowOutcomeSchema>

export const rosterPhaseSchema = z.enum(['mapping', 'planned', 'running', 'paused', 'finished'])
export type RosterPhase = z.infer<typeof rosterPhaseSchema>

export const rosterSummarySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  phase: rosterPhaseSchema,
  rows: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  toCheck: z.number().int(),
  /** Enroll-now rows still waiting for their card on the enrollment line (the run itself is through). */
  waitingCard: z.number().int().optional(),
  /** The console the roster was planned on (profile id and name): on another it is read-only. */
  console: z.object({ profileId: z.string(), name: z.string() }).nullable()
})
export type RosterSummary = z.infer<typeof rosterSummarySchema>

export const rosterProgressSchema = z.object({
  rosterId: z.string(),
  /** The run's rows, each in one part (shared/roster/run-standing.ts `runCounts`). */
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  toCheck: z.number().int(),
  inFlight: z.number().int(),
  waitingCard: z.number().int(),
  /** Rows with a part given and the rest not sent yet (result-standing.ts `partlyDone`); absent: none. */
  partlyDone: z.number().int().optional(),
  notStarted: z.number().int(),
  /** Where the roster stands as main keeps it: the screen never guesses it from the counts. */
  phase: rosterPhaseSchema,
  running: z.boolean(),
  /** Seconds to go at the pace so far; null until the pace is known. */
  etaSeconds: z.number().nullable(),
  /** Changed rows since the last event (the screen patches its table). */
  rows: z.array(rowOutcomeSchema),
  /** Rows sent at once (the run's bounded concurrency). */
  concurrency: z.number().int().optional(),
  /**
   * Why the run stopped before the end (the console could not be reached, the token was refused):
   * rows not yet sent stay planned and "Run" resumes them, after checking any step whose answer was lost.
   */
  stopped: appErrorDataSchema.optional(),
  /** What this run's check of the PIN steps whose answer was lost found, by the PIN's standing afterwards. */
  pinsChecked: z
    .object({ digitsLost: z.number().int(), sentAgain: z.number().int(), toCheck: z.number().int() })
    .optional()
})
export type RosterProgress = z.infer<typeof rosterProgressSchema>

/** The enrollment line: who is next on the reader, and what the reader is doing. */
export const lineStateSchema = z.object({
  rosterId: z.string(),
  state: z.enum(['idle', 'waiting', 'hold-longer', 'binding', 'bound', 'failed', 'paused', 'finished']),
  /** The person whose card is awaited now. */
  current: z.object({ rowId: z.string(), name: z.string() }).nullable(),
  next: z.object({ rowId: z.string(), name: z.string() }).nullable(),
  /** Enroll-now rows still without a card, the current one included. */
  remaining: z.number().int(),
  /** The last card bound (what "Undo last" takes back). */
  last: z.object({ rowId: z.string(), name: z.string(), displayId: z.string() }).nullable(),
  deviceId: z.string().nullable(),
  error: appErrorDataSchema.optional()
})
export type LineState = z.infer<typeof lineStateSchema>

/** One person on the hand-out sheet; `pin` only when PIN slips were asked for, from memory only. */
export const handoutPersonSchema = z.object({
  rowId: z.string(),
  name: z.string(),
  cardDisplayIds: z.array(z.string()),
  touchPass: z.boolean(),
  pin: z.string().optional()
})
export type HandoutPerson = z.infer<typeof handoutPersonSchema>

/** What tells a person from a namesake (shared/person-apart.ts `Apart`), as a contract's value. */
export const apartSchema = z.discriminatedUnion('by', [
  z.object({ by: z.literal('email'), email: z.string() }),
  z.object({ by: z.literal('employeeNumber'), number: z.string() }),
  z.object({ by: z.literal('id'), id: z.string() }),
  z.object({ by: z.literal('line'), line: z.number().int() })
])

/**
 * A person whose PIN is no longer known (given before the app restarted): their row, their name and what
 * tells them from a namesake on the console (null: no namesake among the roster's people), so each is
 * found on the PINs screen to be given a new one.
 */
export const forgottenPinSchema = z.object({
  rowId: z.string(),
  line: z.number().int(),
  name: z.string(),
  apart: apartSchema.nullable()
})
export type ForgottenPin = z.infer<typeof forgottenPinSchema>
