import { z } from 'zod'

/**
 * The local USB reader (PC/SC). `unavailable`: nfc-pcsc is not installed or not built;
 * `no-service`: pcscd / the smart-card service is not running or not answering; `no-reader`:
 * the service runs but no reader is attached; `starting`: the reader process is starting;
 * `restarting`: the reader process ended (crash, killed, stuck) and is being started again — no
 * card is read meanwhile, so never "ready".
 */
const readerStates = ['unavailable', 'no-service', 'no-reader', 'ready', 'starting', 'restarting'] as const

export const addonFailureSchema = z.object({
  cause: z.enum(['missing', 'abi', 'load']),
  packaged: z.boolean(),
  detail: z.string().max(2000).optional()
})
export type AddonFailure = z.infer<typeof addonFailureSchema>

/**
 * The reader process could not be started (fork failed): the system's error code when it gave one
 * (`ENOENT`, `EACCES`, `EAGAIN`…) and its own text, shown as the system's words.
 */
export const spawnFailureSchema = z.object({
  code: z.string().max(40).optional(),
  detail: z.string().max(2000)
})
export type SpawnFailure = z.infer<typeof spawnFailureSchema>

/**
 * A cause only main knows, beside its English (the CLI's words), as facts the desk words: a card it
 * could not read (`unread`: on which reader, and the reader's own text, shown as the reader's words),
 * or a reader process that never said it had started (`notStarted`).
 */
export const readerCauseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('unread'), reader: z.string(), detail: z.string().max(500) }),
  z.object({ kind: z.literal('notStarted') })
])
export type ReaderCause = z.infer<typeof readerCauseSchema>

export const readerStatusSchema = z.object({
  state: z.enum(readerStates),
  message: z.string(),
  hint: z.string().optional(),
  readers: z.array(z.string()),
  /** Only this reader's cards are reported; none selected: every reader's. */
  selected: z.string().optional(),
  /**
   * Present when `message` and `hint` are the state's own sentences (main's status-text.ts): the desk
   * words them in its language from the state, the readers and this (its commands differ per system;
   * renderer lib/i18n/reader-words.ts), and with `addon`, `spawn` or `cause` when main says a cause
   * only it knows. Absent only from an older reader process's words (a module that did not load, said
   * without its facts): those are shown as given.
   */
  os: z.enum(['linux', 'windows', 'mac']).optional(),
  /**
   * With `unavailable`: why the reader module (nfc-pcsc) did not load, as facts the desk words
   * (`missing`: not installed; `abi`: built for another Node/Electron; `load`: any other load error,
   * `detail` the loader's own text), and whether this is an installed package (no npm to rebuild with).
   */
  addon: addonFailureSchema.optional(),
  /** With `unavailable`: the reader process could not be started, as facts the desk words. */
  spawn: spawnFailureSchema.optional(),
  /** Main's own cause (a card it could not read, a process that did not start), as facts the desk words. */
  cause: readerCauseSchema.optional()
})
export type ReaderStatus = z.infer<typeof readerStatusSchema>

export const feedbackKinds = ['new', 'duplicate'] as const

/** Why an ID is not one a console takes, as facts (shared/nfc/uid.ts NfcIdProblem): a desk words it. */
export const nfcIdProblemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('empty') }),
  z.object({ kind: z.literal('notHex'), digit: z.string() }),
  z.object({ kind: z.literal('odd'), digits: z.number() }),
  z.object({ kind: z.literal('length'), bytes: z.number() })
])

export const hexSchema = z.string().regex(/^(?:[0-9A-F]{2})*$/, 'uppercase hex')

export const readerCardSchema = z.object({
  reader: z.string(),
  /** Normalised uppercase hex, as the card answered `FF CA 00 00 00`. */
  uid: hexSchema,
  atr: hexSchema,
  /** nfc-pcsc's guess from the ATR: TAG_ISO_14443_3 (MIFARE Classic, Ultralight) or TAG_ISO_14443_4. */
  standard: z.string(),
  formats: z.object({ hex: hexSchema, reversed: hexSchema, decimal: z.string().regex(/^\d+$/) }),
  /** 4-byte UID starting with 08: changes at every tap, not worth enrolling. */
  randomUid: z.boolean(),
  /** Set when the UID cannot be an NFC ID a console accepts (length not 4, 7 or 10 bytes). */
  problem: z.string().optional(),
  /** `problem` as facts, worded in the desk's language (`problem` is main's English, for the CLI and the logs). */
  problemSaid: nfcIdProblemSchema.optional(),
  /** When the card arrived on the reader (ms since epoch). */
  at: z.number()
})
export type ReaderCard = z.infer<typeof readerCardSchema>
