import { z } from 'zod'
import { channel, noInput } from '../define'
import { deskSettingsSchema, liveSourceSchema, todayViewSchema } from '../../today/schemas'

export const todayChannels = {
  'today.list': channel(
    "The visitors whose validity window touches today (the desk's local day), grouped, with badge printed",
    noInput,
    todayViewSchema
  ),
  'today.watch': channel(
    'Keep Today up to date: the notifications socket when the token may use it, else polling; answers the source',
    noInput,
    liveSourceSchema
  ),
  'today.unwatch': channel('Stop the live updates of Today', noInput, z.object({ stopped: z.literal(true) })),
  'today.settings': channel("The desk's settings for Today (the doors a walk-in gets)", noInput, deskSettingsSchema),
  'today.capabilities': channel(
    "The permission keys Today's actions need that the active token lacks (walk-in and badge: `edit:visitor`)",
    noInput,
    z.object({ missing: z.array(z.string()) })
  ),
  'today.saveSettings': channel(
    "Save the desk's settings for Today (the doors a walk-in gets)",
    deskSettingsSchema,
    deskSettingsSchema
  )
}

export const todayEvents = {
  /** Today's list changed (a visitor event, or a poll that found a difference): the new list. */
  'today.changed': todayViewSchema,
  /** The live source changed (socket opened or refused, polling started). */
  'today.source': liveSourceSchema,
  /**
   * The re-reads of the list failed (since when, the last failure, why), or work again (all null):
   * the screen then says its list is not up to date. Said after every re-read that worked too, with
   * `readAt` (epoch ms): "List read at" is when the list was last read, not when it last changed.
   */
  'today.reads': z.object({
    failingSince: z.number().nullable(),
    lastFailedAt: z.number().nullable(),
    message: z.string().nullable(),
    readAt: z.number().optional()
  })
}
