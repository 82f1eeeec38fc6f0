import { z } from 'zod'
import { KIOSK_DESK_NAME_MAX, KIOSK_DIRECTIONS_MAX } from '../text/field-limits'
import { badgeJobSchema, printFailureFactsSchema } from '../badges/schemas'

/** The operator's kiosk PIN: digits only, so a touch screen's number pad can type it. */
export const kioskPinSchema = z
  .string()
  .regex(/^\d{4,12}$/, 'The kiosk PIN is 4 to 12 digits (numbers only).')
  .refine((pin) => !/^(\d)\1+$/.test(pin), 'Use a PIN that is not one digit repeated (like 0000).')

/** One language's directions: any may be empty. */
const directionsText = z
  .string()
  .trim()
  .max(KIOSK_DIRECTIONS_MAX, `Shorten the directions to at most ${KIOSK_DIRECTIONS_MAX} characters.`)

/** What a visitor is told once their badge is printed, per language (shared/kiosk/directions.ts chooses). */
export const directionsByLanguageSchema = z.object({
  en: directionsText.optional(),
  de: directionsText.optional(),
  fr: directionsText.optional(),
  es: directionsText.optional()
})

/** Kiosk settings as the screens see them: never the PIN or its hash, only whether one is set. */
export const kioskSettingsSchema = z.object({
  pinSet: z.boolean(),
  /** Back to the welcome screen after this long without a touch or a key. */
  idleSeconds: z.number().int().min(15).max(600),
  /**
   * What a visitor is told once their badge is printed ("Take the lift to floor 3…"), as one text: the
   * desk language's (settings saved before the directions were per language, or set so by the CLI).
   */
  directions: z.string().trim().max(KIOSK_DIRECTIONS_MAX),
  /** The same per language; a language's own text comes before the one text (shared/kiosk/directions.ts). */
  directionsByLanguage: directionsByLanguageSchema.optional(),
  /** Where walk-ins and visitors the kiosk cannot help are sent; '' when not named (kiosk/desk-name.ts). */
  deskName: z.string().trim().max(KIOSK_DESK_NAME_MAX)
})
export type KioskSettings = z.infer<typeof kioskSettingsSchema>

export const kioskSettingsInputSchema = z.object({
  idleSeconds: z
    .number({ error: 'Type a number of seconds from 15 to 600.' })
    .int()
    .min(15, 'At least 15 seconds.')
    .max(600, 'At most 600 seconds (10 minutes).'),
  directions: directionsText,
  directionsByLanguage: directionsByLanguageSchema.optional(),
  /** '' leaves it to the kiosk's own words for the reception desk, in the visitor's language. */
  deskName: z
    .string()
    .trim()
    .max(KIOSK_DESK_NAME_MAX, `Shorten the desk's name to at most ${KIOSK_DESK_NAME_MAX} characters.`),
  /** A new PIN; left out keeps the current one. */
  pin: kioskPinSchema.optional()
})
export type KioskSettingsInput = z.input<typeof kioskSettingsInputSchema>

/** What a visitor types to find their visit. Company or host narrow it when several visits match. */
export const kioskFindSchema = z.object({
  name: z.string().max(160),
  company: z.string().max(160).optional(),
  host: z.string().max(160).optional()
})
export type KioskFind = z.input<typeof kioskFindSchema>

/**
 * Why the kiosk did not check in a visit it found by the visitor's full name: said to the visitor
 * (kiosk-refusal.ts words it) and recorded in the check-in log for the desk they are sent to.
 */
export const kioskRefusalSchema = z.discriminatedUnion('reason', [
  /**
   * More than an hour before the pass next opens (Unix seconds): check-in opens an hour before.
   * `hours`: that opening is a range of the visit's weekly schedule, not the visit's start.
   */
  z.object({ reason: z.literal('too-early'), startsAt: z.number().int(), hours: z.literal(true).optional() }),
  /** The visit is still on, but its weekly schedule opens no door in what is left of it. */
  z.object({ reason: z.literal('no-hours') }),
  /**
   * The visit opens no door (no door or door group on the console): a badge would open nothing, so
   * the desk gives the visit its doors and checks the visitor in.
   */
  z.object({ reason: z.literal('no-doors') }),
  /** The window has passed, or the console says the visit is over (left, no-show). */
  z.object({ reason: z.literal('ended') }),
  /** Cancelled (or deleted) on the console. */
  z.object({ reason: z.literal('cancelled') }),
  /** The console could not be reached and the kiosk holds no QR code for the visit: no badge to print. */
  z.object({ reason: z.literal('offline-no-code') }),
  /**
   * The console answered and refused a step of the badge (reading the visit, giving its QR code):
   * `permission`, the desk's token lacks `key`; `auth`, the console refused the token itself;
   * `answer`, it refused the call for another reason. Not offline: the kiosk's words are the
   * visitor's ("please see the desk"), the desk's the true reason (failed-step.ts decides which).
   */
  z.object({
    reason: z.literal('console-refused'),
    cause: z.enum(['permission', 'auth', 'answer']),
    key: z.string().optional()
  }),
  /**
   * The name matches a closed visit (cancelled, over) and another person's open visit of the same
   * name, and what was typed (company, host) did not tell them apart: the kiosk hands neither out.
   */
  z.object({ reason: z.literal('namesake') }),
  /**
   * The names typed matched no visit of today, `tries` times in a row (kiosk-service.ts NAME_TRIES): the
   * visitor is sent to the desk, and the desk hears of them under the name last typed, as of every refusal.
   * `waitSeconds`: main holds the next search this long (the wait grows with each further miss).
   */
  z.object({
    reason: z.literal('not-found'),
    tries: z.number().int().min(1),
    waitSeconds: z.number().int().min(1).optional()
  }),
  /**
   * A name typed while main held name searches after names missed (`waitSeconds` still to run): it was
   * not looked up, so the kiosk cannot say whether a visit is booked under it. The visitor is told to
   * wait (or see the desk), never "no visit found"; the desk hears of it under the name typed.
   */
  z.object({ reason: z.literal('held'), waitSeconds: z.number().int().min(1) })
])
export type KioskRefusal = z.infer<typeof kioskRefusalSchema>

/** Whether the kiosk reads the console now, or works from what it loaded earlier. */
export const kioskSourceSchema = z.object({
  /** The console answered the kiosk's last call (a refusal is an answer); false: the kiosk works offline. */
  online: z.boolean(),
  /**
   * The console answered the kiosk's read of today's visitors and refused it (failed-step.ts): no
   * visit can be looked up until it takes the read again. Not offline: the reason is the refusal.
   */
  refused: kioskRefusalSchema.optional(),
  /** When today's visitors were last read from the console (ISO), if ever. */
  loadedAt: z.string().nullable(),
  visitors: z.number().int().nonnegative(),
  /**
   * Of them, how many the kiosk could check in now from what it holds, without the console (open,
   * with doors, their QR code held: shared/kiosk/check-in-rule.ts): what the offline banner promises.
   */
  canCheckInOffline: z.number().int().nonnegative()
})
export type KioskSource = z.infer<typeof kioskSourceSchema>

/**
 * The visit found, as much as the visitor needs to confirm it is theirs: never another visitor's
 * details. `several` says only how many matched and what to ask next.
 */
export const kioskFoundSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('one'),
    visit: z.object({
      visitorId: z.string(),
      name: z.string(),
      company: z.string(),
      host: z.string(),
      validFrom: z.number(),
      validTo: z.number(),
      /** Checked in early (within the hour): when its doors open (Unix seconds). null: they open now. */
      opensAt: z.number().nullable().optional()
    })
  }),
  z.object({ kind: z.literal('several'), count: z.number().int().min(2), ask: z.enum(['company', 'host']) }),
  z.object({
    kind: z.literal('none'),
    /** Why: the name is not enough to search, nothing matched, or more than company and host can tell apart. */
    /** held: main holds name searches after names missed; the name was not looked up (refusal `held`). */
    reason: z.enum(['need-full-name', 'no-match', 'ambiguous', 'not-now', 'checked-in', 'held']),
    /** With not-now, held, or no-match after the last try (sent to the desk): why, in the visitor's own words (kiosk-refusal.ts). */
    refusal: kioskRefusalSchema.optional(),
    /** With checked-in: when the visitor checked in at the kiosk today (ISO); no second check-in is offered. */
    checkedInAt: z.string().optional()
  })
])
export type KioskFound = z.infer<typeof kioskFoundSchema>

/** The badge the kiosk is about to print: the job, its QR code and where the visitor goes. */
export const kioskBadgeSchema = z.object({
  job: badgeJobSchema,
  qrPngBase64: z.string(),
  /** The QR code was assigned now, by the kiosk (the visitor had none). */
  qrAssigned: z.boolean(),
  /** Doors and door groups the visit opens, by name. */
  doors: z.array(z.string()),
  /** The doors open only from then (Unix seconds): checked in early, within the hour. null: now. */
  opensAt: z.number().nullable().optional(),
  source: kioskSourceSchema,
  /** Main prints the badge at check-in (its own printer, or the desktop app's): the page does not print. */
  mainPrints: z.boolean().optional()
})
export type KioskBadge = z.infer<typeof kioskBadgeSchema>

// Why a badge was not printed, as facts: shared with Badges' print history (badges/schemas.ts).
export { printFailureFactsSchema, type PrintFailureFacts } from '../badges/schemas'

/**
 * One line of the kiosk's check-in log: a check-in (badge printed or why not) or, with `refusal`,
 * a visit found that the kiosk did not check in and sent to the desk, and why.
 */
export const kioskCheckinSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** The visit's id; '' for a visitor sent to the desk before any visit of theirs could be looked up (`name` is what they typed). */
  visitorId: z.string(),
  name: z.string(),
  company: z.string(),
  host: z.string(),
  /**
   * A printer the app drove printed the badge. Never true of a badge handed to the browser's print
   * dialog (`output: 'browser-print'` with no failure): the app cannot know it was printed (written
   * before, such a record said true). Read it through shared/badges/kiosk-output-words.ts.
   */
  printed: z.boolean(),
  /** How the badge left: the app's printer, or the browser's print dialog (web mode). */
  output: z.enum(['printer', 'browser-print']).optional(),
  printer: z.string().optional(),
  /** Why no badge came out, and what the desk does about it (Today shows it). */
  printError: z.string().optional(),
  /** What happened, alone, in words a visitor can read at the kiosk ("The printer is out of labels."). */
  printReason: z.string().optional(),
  /**
   * The same failure as facts (its error code and details), for the desk and the kiosk to say in their own
   * language; printError and printReason stay main's English (the CLI's, and a log written before).
   */
  printFailure: printFailureFactsSchema.optional(),
  /** Checked in from what the kiosk had loaded, while the console could not be reached. */
  offline: z.boolean(),
  /** Not checked in: the visitor was sent to the desk, for this reason (no badge was printed). */
  refusal: kioskRefusalSchema.optional()
})
export type KioskCheckin = z.infer<typeof kioskCheckinSchema>
