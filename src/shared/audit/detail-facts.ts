import { z } from 'zod'
import { badgeOutputSchema, badgeStockSchema } from '../badges/schemas'
import { errorKinds } from '../errors'

/** A Touch Pass as a list of them names it: its card id (its id when it has none) and its name. */
const passRefSchema = z.object({ card: z.string().max(100), name: z.string().max(200).optional() })
export type AuditPassRef = z.infer<typeof passRefSchema>

const list = <T extends z.ZodType>(item: T) => z.array(item).max(100)
const count = z.number().int().min(0)
const name = z.string().max(300)

/**
 * A rename as read just before it was sent: `before` absent when there was no read, "" when the
 * thing had no name then.
 */
const renameSchema = z.object({ before: z.string().max(200).optional(), after: z.string().max(200) })

/**
 * What a write was, beyond its action and target, as facts main records once (write-kinds.ts, the
 * read-backs): each screen and file words them in its language (detail-words.ts), and the search finds
 * a row by those words. One kind per thing said; never a secret (a PIN, a phone number, a token).
 */
export const auditFactSchema = z.discriminatedUnion('kind', [
  /** A visitor's DELETE without is_force: the console keeps them as CANCELLED. */
  z.object({ kind: z.literal('visitCancelled') }),
  z.object({ kind: z.literal('deletedForGood') }),
  /** A visitor edit's fields by their names in the request (the form's words name them), never their values. */
  z.object({ kind: z.literal('changed'), fields: list(z.string().max(60)) }),
  z.object({ kind: z.literal('alias'), ...renameSchema.shape }),
  /** A Touch Pass edit: renamed, activated or suspended, device bundles taken off. */
  z.object({
    kind: z.literal('passChanged'),
    renamed: renameSchema.optional(),
    status: z.string().max(40).optional(),
    unbundled: count.optional()
  }),
  /**
   * A card assigned with force_add, or a Touch Pass given while someone held it: taken from whoever held
   * it. `from`: who that was, as the row's subjects name them (row-subjects.ts `takenFrom`), when known.
   */
  z.object({ kind: z.literal('takenOver'), from: z.string().max(300).optional() }),
  /** An enrollment that resets the card first, and the session the console opened. */
  z.object({ kind: z.literal('resetsCard') }),
  z.object({ kind: z.literal('session'), id: z.string().max(200) }),
  /** An import's cards sent: how many, from a batch (by its name; with the CSV files its rows came from) or a person's own file. */
  z.object({ kind: z.literal('cardsSent'), count, batch: name.optional(), file: name.optional() }),
  z.object({ kind: z.literal('imported'), imported: count, notImported: count }),
  /** A purchase asked for this many passes. */
  z.object({ kind: z.literal('passesOrdered'), count }),
  /**
   * The passes bought as the answer named them; `asked` when it named fewer than were bought (facts
   * E14), `listed` when the list read after it named them all.
   */
  z.object({
    kind: z.literal('bought'),
    passes: list(passRefSchema),
    asked: count.optional(),
    listed: z.literal(true).optional()
  }),
  /** A batch of passes: one each, and which went to whom as the answer said. */
  z.object({ kind: z.literal('passEach') }),
  z.object({ kind: z.literal('given'), passes: list(passRefSchema.extend({ to: name.optional() })) }),
  /** What reading the console back found (settle-write, later-checks, the services' own reads). */
  z.object({ kind: z.literal('readBackBought'), passes: list(z.string().max(100)) }),
  z.object({ kind: z.literal('readBackNotGiven'), users: list(name) }),
  z.object({
    kind: z.literal('readBackFound'),
    found: count,
    sent: count,
    /**
     * The NFC IDs (as the file sent them) of the cards not found, when some were: each card's own
     * outcome (audit/imported-card-outcome.ts), as a part of an upload holds up to 500.
     */
    missing: z.array(z.string().max(40)).max(10_000).optional()
  }),
  z.object({ kind: z.literal('readBackCard'), held: z.boolean(), holder: z.enum(['user', 'visitor']) }),
  z.object({ kind: z.literal('readBackVisitor'), id: z.string().max(200), qr: z.literal(true).optional() }),
  /**
   * A badge print: its label stock, where it went (a printer by its name, a PDF, the print dialog) and
   * whether it reprinted an earlier one; worded with Badges' own words (its history says the same).
   * Made from the row's `badge` when the journal is read (audit-log.ts), so rows written before it have it.
   */
  z.object({
    kind: z.literal('badgePrint'),
    stock: badgeStockSchema,
    output: badgeOutputSchema,
    printer: z.string().max(200).optional(),
    reprint: z.literal(true).optional()
  })
])
export type AuditFact = z.infer<typeof auditFactSchema>
export type AuditFactKind = AuditFact['kind']

/** A row's facts in the order they were learnt (the request, its answer, a read-back). */
export const auditFactsSchema = z.array(auditFactSchema).max(20)

/**
 * What the outcome's sentence says, as facts: the app stopped before the answer came, or a lost
 * answer settled by reading the console back (done, partly, not done; `later` when read once the
 * console answered again), or the desk refusing the call itself before sending it. A console's own
 * refusal keeps its message (its code is worded apart, its own words as `consoleMsg`).
 */
export const auditSaidSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('stopped') }),
  /**
   * The desk's own check refused the call before sending it: Not sent, with the check's reason (main's
   * English, as a row recorded before the facts shows it) and, when the reason is a path without the
   * id it needs, that as facts (`missing`: the id's name and the endpoint's path) the desk words.
   */
  z.object({
    key: z.literal('refusedHere'),
    reason: z.string().max(500),
    missing: z.object({ name: z.string().max(100), path: z.string().max(300) }).optional()
  }),
  z.object({
    key: z.literal('settled'),
    done: z.union([z.boolean(), z.literal('partly')]),
    later: z.literal(true).optional(),
    /**
     * Settled from what the app's own record held of the answer (an upload's batch had written its rows'
     * outcome when the app stopped before the audit row said it), not from a read of the console.
     */
    recorded: z.literal(true).optional()
  }),
  /**
   * A lost answer a retry of the same step made moot (a roster's PIN, which cannot be read back, given
   * again): what the console holds is the retry's; `by` is the retry's row.
   */
  z.object({ key: z.literal('replaced'), by: z.string().max(200).optional() })
])
export type AuditSaid = z.infer<typeof auditSaidSchema>

/**
 * Why a write or a print failed, as the facts of main's error (its kind, code and details; never its
 * English): the screen words the sentence in the desk's language as every screen words that error
 * (shared/errors-wording.ts), and the row's `message` keeps main's English for the file and the CLI. Only
 * plain values are kept, each short: an error's details name the call, the console or the printer.
 */
export const auditFailureSchema = z.object({
  kind: z.enum(errorKinds),
  code: z.string().max(200),
  details: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean()])).optional()
})
export type AuditFailure = z.infer<typeof auditFailureSchema>
