import { z } from 'zod'
import { FLEET_QUERY_MAX } from '../text/field-limits'
import { appErrorDataSchema } from '../error-data-schema'
import { consoleReachSchema, permissionCheckSchema } from '../connections'
import { nfcCardStatuses } from '../access/nfc-cards'
import { touchPassStatuses } from '../access/touch-passes'

/**
 * The Consoles screen and find across consoles: every saved console read at once, each answer
 * pushed as it comes (`fleet.console`, `fleet.found`), the channel answering with all of them once
 * every console answered or ran out of time. A screen tells its own read by `requestId`.
 */
export const fleetRequestIdSchema = z.string().min(1).max(100)

/** A count the console gave, or why it could not be read (a missing key, a console too old…). */
export const fleetCountSchema = z.union([
  z.object({ value: z.number().int().min(0) }),
  z.object({ error: appErrorDataSchema })
])
export type FleetCount = z.infer<typeof fleetCountSchema>

/**
 * The console's Access version as its answers show it (the developer API has no version call): the
 * newest endpoint band it answers (`atLeast`) and the first band it does not (`below`); null ends
 * when nothing is known that way.
 */
export const versionBandSchema = z.object({ atLeast: z.string().nullable(), below: z.string().nullable() })
export type VersionBand = z.infer<typeof versionBandSchema>

/** One saved console as the Consoles screen shows it. */
export const fleetConsoleSchema = z.object({
  profileId: z.string(),
  name: z.string(),
  url: z.string(),
  demo: z.boolean(),
  /** The app's one connection state of this console after this read (the sidebar's, for the active one). */
  reach: consoleReachSchema,
  /** Why the console could not be read, when it could not (no answer in time, token refused…). */
  error: appErrorDataSchema.optional(),
  /** null: not known (the console could not be asked). */
  version: versionBandSchema.nullable(),
  /** Each permission key the desk uses: held, missing or not known (null: the console could not be asked). */
  permissions: z.array(permissionCheckSchema).nullable(),
  /** null: the console could not be asked. `batchesNotUploaded` is this desk's own record: always known. */
  counts: z.object({
    cards: fleetCountSchema.nullable(),
    passesToGive: fleetCountSchema.nullable(),
    visitorsToday: fleetCountSchema.nullable(),
    batchesNotUploaded: z.number().int().min(0)
  }),
  /** How long the console took to answer every read (absent: it could not be read); the screen says a slow one. */
  answeredInMs: z.number().int().min(0).optional(),
  /** When this read ended (ms since the epoch). */
  readAt: z.number()
})
export type FleetConsole = z.infer<typeof fleetConsoleSchema>

export const fleetHitKinds = ['user', 'visitor', 'card', 'touchPass'] as const

/**
 * What the search matched, as facts: the desk words them in its language
 * (renderer components/fleet/hit-words.ts); `matched` says the same in main's English for the CLI.
 */
export const fleetMatchSchema = z.discriminatedUnion('by', [
  z.object({ by: z.literal('name') }),
  z.object({ by: z.literal('email'), value: z.string() }),
  z.object({ by: z.literal('employeeNumber'), value: z.string() }),
  z.object({ by: z.literal('cardNumber') }),
  /** `reversed`: the NFC ID was typed in the other byte order; `hex` is the card's as the console holds it. */
  z.object({ by: z.literal('nfcId'), hex: z.string(), reversed: z.boolean() }),
  /** `part`: the typed text is only part of the pass's card id. */
  z.object({ by: z.literal('cardId'), cardId: z.string(), part: z.boolean() })
])
export type FleetMatch = z.infer<typeof fleetMatchSchema>

/**
 * What tells a record apart, as facts (worded by the desk; `detail` says them in main's English):
 * a person's email and employee number, a visitor's company, a card's status, holder and alias, a
 * pass's status, holder and card name (`passStatus` `inactiveHeld`: INACTIVE but still held).
 */
export const fleetHitFactsSchema = z.object({
  email: z.string().optional(),
  employeeNumber: z.string().optional(),
  company: z.string().optional(),
  cardStatus: z.enum(nfcCardStatuses).optional(),
  passStatus: z.enum([...touchPassStatuses, 'inactiveHeld']).optional(),
  holder: z.string().optional(),
  label: z.string().optional()
})
export type FleetHitFacts = z.infer<typeof fleetHitFactsSchema>

/** One record found on a console. */
export const fleetHitSchema = z.object({
  kind: z.enum(fleetHitKinds),
  /** The record's id on its console (a card's token). */
  id: z.string(),
  /** The person's name, "Card 100005", "Touch Pass 1A2B-…". */
  title: z.string(),
  /** A card's number or a pass's card id alone: the desk names the record by it in its language ("Karte 100005"). */
  number: z.string().optional(),
  /** What else tells it apart (email and employee number, a card's holder and status…). */
  detail: z.string(),
  /** What the search matched, in main's English ("employee number E0001"): the CLI's words. */
  matched: z.string(),
  facts: fleetHitFactsSchema,
  match: fleetMatchSchema,
  /** What the Cards filter is set to when a card or a person's cards are opened. */
  cardFilter: z.string().optional()
})
export type FleetHit = z.infer<typeof fleetHitSchema>

/** Hits kept per console and kind: a name typed short finds many people; the rest are counted. */
export const FLEET_HITS_PER_CONSOLE = 20

/** What one console found, or why it could not look. */
export const fleetFoundSchema = z.union([
  z.object({
    profileId: z.string(),
    name: z.string(),
    ok: z.literal(true),
    hits: z.array(fleetHitSchema),
    /** Hits found beyond those listed. */
    more: z.number().int().min(0),
    /**
     * What this console could not be searched for, and why ("Visitors not searched: the token lacks
     * view:visitor."): the rest was searched. Absent when everything was.
     */
    notSearched: z.array(z.string()).optional(),
    /**
     * Only when an NFC ID was looked for and nothing was found: how many of this console's cards could
     * not be compared with it, their numbers being no NFC ID (as the Cards screen's `notNfcIds`, said
     * by the same words: lib/card-no-match.ts).
     */
    notNfcIds: z.number().int().min(0).optional()
  }),
  z.object({ profileId: z.string(), name: z.string(), ok: z.literal(false), error: appErrorDataSchema })
])
export type FleetFound = z.infer<typeof fleetFoundSchema>

export const fleetQuerySchema = z
  .string()
  .trim()
  .min(1, 'Type a name, email, employee number, card number, NFC ID or Touch Pass card id to look for.')
  .max(FLEET_QUERY_MAX, `Keep the search to ${FLEET_QUERY_MAX} characters.`)
