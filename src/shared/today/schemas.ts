import { z } from 'zod'
import { visitorStatusNameSchema, weekScheduleSchema } from '../access/visitors'
import { deskArrivalPlaces, todayGroups } from './groups'
import { badgeOutputSchema } from '../badges/schemas'
import { liveWhySchema } from './live-why'
import { deskZoneSchema } from './desk-zone'

/**
 * Today's view as main sends it and the contract checks it. The renderer imports only the types
 * from here (`import type`) and the groups from ./groups.ts: this module loads zod.
 */
export { todayGroups, type TodayGroup } from './groups'

export const todayGroupSchema = z.enum(todayGroups)

/** One visitor on Today: what the desk needs at a glance, without opening the visitor. */
export const todayRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string(),
  host: z.string(),
  status: visitorStatusNameSchema,
  group: todayGroupSchema,
  /** Unix seconds. */
  start: z.number().int(),
  end: z.number().int(),
  /** The visit's weekly schedule (its pass opens only in these ranges); null: any time of the window. */
  week: weekScheduleSchema.nullable().default(null),
  /**
   * Doors and door groups by name, automatic groups unfolded into their doors. `group`: a door group
   * the console's admin made, which the desk says as a group in its language ("Lobby (group)").
   */
  doors: z.array(z.object({ name: z.string(), group: z.boolean() })),
  /**
   * What the visitor holds to open doors. `qr`: the QR code of a badge printed at this desk, not revoked
   * since (the console's visitor list does not say a QR code: ./qr-held.ts is the one rule).
   */
  credentials: z.object({ pin: z.boolean(), cards: z.number().int().nonnegative(), qr: z.boolean().default(false) }),
  /** Printed or saved at this desk (the print history). */
  badgePrinted: z.boolean(),
  /** When this desk revoked the visitor's QR code after the last badge printed: that badge opens nothing now. */
  badgeQrRevokedAt: z.string().nullable().default(null),
  /** Where the newest badge went: a badge only handed to the browser's print dialog is not said "Printed". */
  badgeOutput: badgeOutputSchema.nullable().optional(),
  /**
   * Here today as this desk recorded it (the kiosk's check-in log, a walk-in it added, a visit it ended): when (ISO) and where. With
   * the console's status it makes the group (./groups.ts `visitGroup`). null or absent: none recorded.
   */
  arrival: z
    .object({ at: z.string(), where: z.enum(deskArrivalPlaces) })
    .nullable()
    .optional()
})
export type TodayRow = z.infer<typeof todayRowSchema>

/** How the screen learns of changes, said on screen. */
export const liveSourceSchema = z.discriminatedUnion('kind', [
  /**
   * The notifications socket is open: visitor events re-read the list at once. `visitorEvents`: the
   * console has sent one on this socket (the reference does not say it does); until then the list is
   * also read every `backstopSeconds` as often as when polling, afterwards once a minute.
   */
  z.object({ kind: z.literal('notifications'), visitorEvents: z.boolean(), backstopSeconds: z.number().int() }),
  /**
   * No socket: the list is read on an interval. `why` says why there is no socket, as facts the desk
   * words in its language; `reason` is the same in main's English (the CLI's table, the log).
   */
  z.object({ kind: z.literal('polling'), everySeconds: z.number().int(), reason: z.string(), why: liveWhySchema }),
  z.object({ kind: z.literal('off') })
])
export type LiveSource = z.infer<typeof liveSourceSchema>

export const todayViewSchema = z.object({
  /** The local day shown: `YYYY-MM-DD`, and its bounds in Unix seconds. */
  day: z.string(),
  dayStart: z.number().int(),
  dayEnd: z.number().int(),
  rows: z.array(todayRowSchema),
  /** When main read the list (epoch ms). */
  readAt: z.number(),
  source: liveSourceSchema,
  /**
   * The console did not answer this read: the list is the one main held, read at `readAt` (a tab
   * opened during an outage shows it, said as of then), with when and why the read failed.
   */
  notReadNow: z.object({ at: z.number(), message: z.string() }).optional()
})
export type TodayView = z.infer<typeof todayViewSchema>

/** A door or door group a walk-in gets unless the desk changes it. */
export const deskDoorSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['door', 'door_group']),
  name: z.string().max(200).default('')
})

/** The desk's own settings for Today. */
export const deskSettingsSchema = z.object({
  walkInDoors: z.array(deskDoorSchema).max(200).default([])
})
export type DeskSettings = z.infer<typeof deskSettingsSchema>

/**
 * What a screen asks of Today (`today.view`): the window it shows (shared/today/window.ts), and whether
 * the console is read first (`read`: the screen opens, a walk-in was added, Try again) or main answers
 * from the list it holds (a keystroke in the find, a page turned, a change main pushed).
 */
export const todayWindowAskSchema = z.object({
  watcher: z.string().min(1).max(100).optional(),
  find: z.string().max(200).default(''),
  pages: z.partialRecord(todayGroupSchema, z.number().int().min(1).max(100_000)).default({}),
  reveal: z.string().max(200).nullish(),
  read: z.boolean().default(false),
  /** The desk's time zone (IANA; web mode: the browser's, which may not be the service's): the day listed is its. */
  timeZone: deskZoneSchema
})
export type TodayWindowAsk = z.input<typeof todayWindowAskSchema>

/** A window of Today: the day, how the list is kept live, and a page of each group with the counts. */
export const todayWindowViewSchema = todayViewSchema.omit({ rows: true }).extend({
  total: z.number().int().nonnegative(),
  found: z.number().int().nonnegative(),
  /** The find applied ('' when it hid the visitor asked to be revealed). */
  find: z.string(),
  groups: z.array(
    z.object({
      group: todayGroupSchema,
      count: z.number().int().nonnegative(),
      page: z.number().int().min(1),
      rows: z.array(todayRowSchema)
    })
  )
})
export type TodayWindowView = z.infer<typeof todayWindowViewSchema>

/**
 * What a re-read changed (`today.changed`): the rows new or changed since the last read, the ids no
 * longer in the day, and the ids among `changed` whose group changed (a check-in, a cancel). The screen
 * asks its window again; the whole list stays in main.
 */
export const todayChangeSchema = todayViewSchema.omit({ rows: true }).extend({
  changed: z.array(todayRowSchema),
  removed: z.array(z.string()),
  moved: z.array(z.string())
})
export type TodayChange = z.infer<typeof todayChangeSchema>
