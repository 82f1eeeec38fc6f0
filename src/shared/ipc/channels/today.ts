import { z } from 'zod'
import { channel, noInput } from '../define'
import {
  deskSettingsSchema,
  liveSourceSchema,
  todayChangeSchema,
  todayViewSchema,
  todayWindowAskSchema,
  todayWindowViewSchema
} from '../../today/schemas'

/**
 * Who watches Today: each screen that shows it names itself, so one tab leaving Today does not stop
 * another tab's updates. Without a name, the caller shares one (the CLI).
 */
const watcherInput = z
  .object({ watcher: z.string().min(1).max(100) })
  .nullish()
  .transform((input) => input ?? undefined)

export const todayChannels = {
  'today.list': channel(
    "The visitors whose validity window touches today (the desk's local day), grouped, with badge printed; with a watcher, Today is kept up to date for it from this read on (as today.watch, without a second read)",
    watcherInput,
    todayViewSchema
  ),
  'today.view': channel(
    "A window of Today for a screen: the rows a find keeps, a page of each group and the counts (the day's list " +
      'stays in main). With read, the console is read first (as today.list, the watcher kept up to date from ' +
      'then on); without it, answered from the list main holds (read once if none is held)',
    todayWindowAskSchema,
    todayWindowViewSchema
  ),
  'today.watch': channel(
    'Keep Today up to date for a watcher (a screen names itself): the notifications socket when the token may use it, else polling; answers the source',
    watcherInput,
    liveSourceSchema
  ),
  'today.unwatch': channel(
    "A watcher stops following Today; the live updates stop when no other watcher (another tab's Today) remains",
    watcherInput,
    z.object({ stopped: z.literal(true) })
  ),
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
  /**
   * Today's list changed (a visitor event, or a poll that found a difference): the rows that changed,
   * those gone, and those that moved group; a screen asks today.view for its window again.
   */
  'today.changed': todayChangeSchema,
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
