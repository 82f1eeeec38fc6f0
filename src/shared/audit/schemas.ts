import { z } from 'zod'
import { badgeOutputSchema, badgeStockSchema } from '../badges/schemas'
import { languageSchema } from '../i18n/language-schema'
import { auditFactsSchema, auditFailureSchema, auditSaidSchema } from './detail-facts'

/** What a desk did to a console (or printed): the kinds the Audit screen filters by. */
export const auditActions = [
  'create',
  'update',
  'delete',
  'cancel visit',
  'end visit',
  'assign',
  'unassign',
  'purchase',
  'import',
  'enrollment start',
  'enrollment bind',
  'enrollment end',
  'PIN assignment',
  'PIN replacement',
  'PIN removal',
  'QR assignment',
  'QR removal',
  'badge print'
] as const
export const auditActionSchema = z.enum(auditActions)
export type AuditAction = z.infer<typeof auditActionSchema>

/**
 * The one lost-answer rule (main's access/lost-answer.ts callFate, audit/write-outcome.ts) as a row says it.
 * ok: the console said SUCCESS (or the badge printed), or a read-back found it done ("Done").
 * refused: the console answered with its refusal (nothing changed), and only then. notSent: the
 * request never reached the console, the desk's own check refusing it before sending among them
 * (nothing changed; sending it again is safe). unknown: the request went out and its answer was lost (timeout, reset, a cancel
 * after it was written, a 5xx, the app stopped before the answer) — the write may or may not have
 * taken effect: "To check". notDone: such a write read back and not found. pending: sent from this
 * process, answer not back yet.
 */
const auditOutcomes = ['ok', 'refused', 'notSent', 'unknown', 'notDone', 'pending'] as const
export const auditOutcomeSchema = z.enum(auditOutcomes)
export type AuditOutcome = z.infer<typeof auditOutcomeSchema>

/**
 * What the Outcome filter takes: one outcome, or `notThrough`, every write that did not go through
 * whatever became of it (audit/outcome-filter.ts says which outcomes those are).
 */
export const auditOutcomeFilterSchema = z.enum([...auditOutcomes, 'notThrough'])
export type AuditOutcomeFilter = z.infer<typeof auditOutcomeFilterSchema>

/** What a write was about: never a PIN or a token, only whose and which. */
export const auditTargetSchema = z.object({
  kind: z.enum(['visitor', 'user', 'NFC card', 'Touch Pass', 'reader', 'enrollment session', 'users', 'record']),
  id: z.string().max(200).optional(),
  name: z.string().max(300).optional()
})
export type AuditTarget = z.infer<typeof auditTargetSchema>

/**
 * An NFC card a write was about, named as the Cards screen names it, as it was when the write was
 * sent: a deleted card stays identifiable by its number and owner, not only by its token.
 */
export const auditCardSchema = z.object({
  /** The card's token (its key in the console's paths; not a secret). */
  token: z.string().max(200).optional(),
  /** Its number, the console's display id: "Card 100005" on Cards. */
  number: z.string().max(100),
  /** Its NFC ID in hex as a reader reads it, when the number is a UID (Cards → NFC ID). */
  nfcId: z.string().max(40).optional(),
  alias: z.string().max(200).optional(),
  /** Its owner then, as Cards names them: "First Last", a user or a visitor. */
  owner: z.object({ kind: z.enum(['user', 'visitor']), name: z.string().max(300) }).optional()
})
export type AuditCard = z.infer<typeof auditCardSchema>

/**
 * A card an import (E16) sent, as its file named it: its NFC ID (hex as sent) and alias. The Audit's
 * search finds the row by either, and by the NFC ID's other forms (the card's number among them, as
 * Cards finds it); the CSV gives each its own line. Only what the file sent: a batch of 10,000 is sent
 * in parts of 500, so a row holds one part's cards (about 25 kB), never a whole batch.
 */
export const auditImportedCardSchema = z.object({
  nfcId: z.string().max(40),
  alias: z.string().max(200).optional(),
  /**
   * Its number, the console's display id ("Card 1303689068602625", as Import and Cards show it), once
   * the console holds it: read after the import's answer, or by a read-back of a lost one.
   */
  number: z.string().max(100).optional()
})
export type AuditImportedCard = z.infer<typeof auditImportedCardSchema>
/** A row names at most this many imported cards: a file larger than that is named by its count only past them. */
export const IMPORTED_CARDS_MAX = 10_000

/** Imported cards' numbers as the console holds them, by NFC ID (as the import sent it): `[nfcId, number]`. */
export const importedCardNumbersSchema = z
  .array(z.tuple([z.string().max(40), z.string().max(100)]))
  .max(IMPORTED_CARDS_MAX)
export type ImportedCardNumbers = z.infer<typeof importedCardNumbersSchema>

/** A Touch Pass a write was about, as the Touch Passes screen names it, when the write was sent. */
export const auditTouchPassSchema = z.object({
  /** The pass's own id (in the console's paths). */
  id: z.string().max(200).optional(),
  /** Its card id ("057B-D703-…"), which Touch Passes shows; the pass's internal id is the target's id. */
  cardId: z.string().max(100),
  /** Its name then, as Touch Passes shows it ("Mateo desk"; the console's card_name). */
  name: z.string().max(200).optional(),
  /** Its holder then: "First Last". */
  holder: z.string().max(300).optional()
})
export type AuditTouchPass = z.infer<typeof auditTouchPassSchema>

/**
 * A visit's window as a create or an edit sent it (unix seconds; an edit may send one end only): the
 * screen writes it in the desk's time zone, the CSV in ISO 8601 with the desk's offset.
 */
export const auditVisitSchema = z.object({ start: z.number().int().optional(), end: z.number().int().optional() })
export type AuditVisit = z.infer<typeof auditVisitSchema>

/**
 * What a write was, as recorded when it was sent: the one shape the audit journal's `begin` line
 * (main/services/audit/audit-entries.ts) and the Audit screen's row both carry.
 */
export const auditWriteShape = {
  /**
   * The console written to: its profile's name and its address then, and `id`, what identifies it
   * whatever its address or profile (the SHA-256 fingerprint of the certificate it is pinned by; rows
   * written before it was recorded have none and are known by their address).
   */
  console: z.object({ name: z.string(), url: z.string(), id: z.string().optional() }),
  /**
   * Who did it: the OS user and the computer; `kiosk`: the self check-in kiosk of that computer, for a
   * visitor (`user` is then "kiosk"), whoever was logged in.
   */
  desk: z.object({ user: z.string(), host: z.string(), kiosk: z.literal(true).optional() }),
  action: auditActionSchema,
  /** The endpoint (`E17`, `§4.9`) and its title; `badge` for a print. */
  endpoint: z.object({ id: z.string(), title: z.string() }),
  target: auditTargetSchema,
  /** The NFC card the write was about (deleted, renamed, assigned, taken back), named as it was before the write. */
  card: auditCardSchema.optional(),
  /** The cards an import sent (their NFC IDs and aliases), in the order of its file. */
  importedCards: z.array(auditImportedCardSchema).max(IMPORTED_CARDS_MAX).optional(),
  /** The Touch Pass the write was about. */
  touchPass: auditTouchPassSchema.optional(),
  /** The visit's window a visitor's create or edit sent. */
  visit: auditVisitSchema.optional(),
  /**
   * A badge print: its label stock and where it went (a printer by its name, a PDF, the print dialog),
   * and whether it reprinted an earlier one. The facts: the screen words them in the desk's language as
   * Badges does; `detail` keeps the file's English words of them.
   */
  badge: z
    .object({
      stock: badgeStockSchema,
      output: badgeOutputSchema,
      printer: z.string().max(200).optional(),
      reprint: z.literal(true).optional()
    })
    .optional()
}

export const auditRowSchema = z.object({
  id: z.string(),
  /** When the write was sent (ISO). */
  at: z.string(),
  /** When the answer came (ISO); absent while pending or when it never came. */
  endedAt: z.string().optional(),
  ...auditWriteShape,
  /**
   * What was sent and what the answer or a read-back added, as facts (detail-facts.ts): the screen words
   * them in the desk's language (shared/audit/detail-words.ts). Never a secret.
   */
  facts: auditFactsSchema.optional(),
  /**
   * A row recorded before rows carried facts: its detail as main's English then, shown as given and
   * labelled as recorded in English.
   */
  recordedDetail: z.string().max(500).optional(),
  /** The detail in main's English (the recorded words, then the facts' or the badge's): what the file's search also finds. */
  detail: z.string().max(500).optional(),
  outcome: auditOutcomeSchema,
  /** The console's code (refused) or the transport's (unknown). */
  code: z.string().max(200).optional(),
  /** The outcome's sentence as facts (the app stopped, a read-back settled it): worded on the screen. */
  said: auditSaidSchema.optional(),
  /**
   * On a retry's row, the row it replaced (whose `said` is "replaced" `by` this one): set by the journal
   * as it lists the row, so each of the two rows links to the other on the Audit screen.
   */
  replaces: z.string().max(200).optional(),
  /**
   * What failed, as the facts of main's error (a printer out of labels, a console not reached): the
   * screen words `message` from them in the desk's language. Absent on rows recorded before them.
   */
  failure: auditFailureSchema.optional(),
  /** The outcome's sentence in main's English: a console's own message, or `said` in English. */
  message: z.string().max(1000).optional(),
  /**
   * The console's own words in its answer (its `msg`, e.g. a refusal's reason), as it wrote them: the
   * screen shows them labelled as the console's, in the console's language (English), not as the desk's.
   */
  consoleMsg: z.string().max(1000).optional()
})
export type AuditRow = z.infer<typeof auditRowSchema>

const isoInstant = z.iso.datetime({ offset: true })

/** The Audit screen's filter; every field optional. Dates are instants the renderer computes in local time. */
export const auditFilterSchema = z.object({
  from: isoInstant.optional(),
  /** Exclusive. */
  to: isoInstant.optional(),
  /**
   * A console's `key` as `consoles` gives it (its id, or the address of rows that have none); an
   * address also finds the rows written to it.
   */
  console: z.string().max(500).optional(),
  action: auditActionSchema.optional(),
  outcome: auditOutcomeFilterSchema.optional(),
  /** One row by its id: where the Audit screen's link from a replaced try to its retry (and back) leads. */
  id: z.string().max(200).optional(),
  /** Found in what a row shows, in English and in `language`'s words (the desk's: its detail and action as shown). */
  text: z.string().max(200).optional(),
  language: languageSchema.optional()
})
export type AuditFilter = z.infer<typeof auditFilterSchema>

export const auditPageSchema = z.object({
  /** Rows matching the filter, newest first, from offset. */
  items: z.array(auditRowSchema),
  /** How many rows match the filter in all. */
  total: z.number().int(),
  /** How many rows the journal holds in all. */
  all: z.number().int(),
  /**
   * Every console the journal names (for the filter), once each whatever its addresses and profiles:
   * `key` what the filter takes, `url` its newest address, `name` its profile's name now (the active
   * one's) or the newest its rows carry; `names` every name it is known by (two profiles on one
   * console, a profile renamed), the current one first.
   */
  consoles: z.array(
    z.object({ key: z.string(), name: z.string(), url: z.string(), names: z.array(z.string()).optional() })
  ),
  retentionDays: z.number().int(),
  /** Said once after start when the journal file had to be set aside. */
  notice: z.string().optional()
})
export type AuditPage = z.infer<typeof auditPageSchema>

const RETENTION_MIN_DAYS = 1
const RETENTION_MAX_DAYS = 3650
export const RETENTION_DEFAULT_DAYS = 365

export const retentionSchema = z
  .number({ error: 'Enter a number of days.' })
  .int({ error: 'Enter a whole number of days.' })
  .min(RETENTION_MIN_DAYS, { error: `Keep the journal at least ${RETENTION_MIN_DAYS} day.` })
  .max(RETENTION_MAX_DAYS, { error: `Keep the journal at most ${RETENTION_MAX_DAYS} days (ten years).` })
