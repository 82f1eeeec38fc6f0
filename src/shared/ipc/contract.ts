import { z } from 'zod'
import type { ChannelDef } from './define'
import { appChannels } from './channels/app'
import { connectionChannels, connectionEvents } from './channels/connections'
import { pinChannels } from './channels/pins'
import { cardChannels, cardEvents } from './channels/cards'
import { enrollChannels, enrollEvents } from './channels/enroll'
import { userChannels, userEvents } from './channels/users'
import { visitorChannels, visitorEvents } from './channels/visitors'
import { touchPassChannels, touchPassEvents } from './channels/touch-passes'
import { siteChannels, siteEvents } from './channels/sites'
import { readerChannels, readerEvents } from './channels/reader'
import { batchChannels, batchEvents } from './channels/batches'
import { badgeChannels, badgeEvents } from './channels/badges'
import { kioskChannels, kioskEvents } from './channels/kiosk'
import { todayChannels, todayEvents } from './channels/today'
import { auditChannels, auditEvents } from './channels/audit'
import { rosterChannels, rosterEvents } from './channels/roster'
import { fleetChannels, fleetEvents } from './channels/fleet'

/**
 * THE channel map. Each domain keeps its channels in `channels/<domain>.ts`; this file only joins
 * them, so the renderer, preload, main, web bridge and CLI all read one source of truth.
 * Channel names are `namespace.method` (exactly one dot): the preload turns them into
 * `api.namespace.method(input)`.
 */
export const channels = {
  ...appChannels,
  ...connectionChannels,
  ...pinChannels,
  ...cardChannels,
  ...enrollChannels,
  ...userChannels,
  ...visitorChannels,
  ...touchPassChannels,
  ...siteChannels,
  ...readerChannels,
  ...batchChannels,
  ...badgeChannels,
  ...kioskChannels,
  ...todayChannels,
  ...auditChannels,
  ...rosterChannels,
  ...fleetChannels
} satisfies Record<string, ChannelDef>

/** Events main pushes to the renderer (name → payload schema). */
export const events = {
  ...connectionEvents,
  ...cardEvents,
  ...enrollEvents,
  ...userEvents,
  ...visitorEvents,
  ...touchPassEvents,
  ...siteEvents,
  ...readerEvents,
  ...batchEvents,
  ...badgeEvents,
  ...kioskEvents,
  ...todayEvents,
  ...auditEvents,
  ...rosterEvents,
  ...fleetEvents
} satisfies Record<string, z.ZodType>

export type Channels = typeof channels
export type ChannelName = keyof Channels
export type ChannelInput<K extends ChannelName> = z.input<Channels[K]['input']>
export type ChannelParsedInput<K extends ChannelName> = z.output<Channels[K]['input']>
export type ChannelOutput<K extends ChannelName> = z.infer<Channels[K]['output']>

export type Events = typeof events
export type EventName = keyof Events
export type EventPayload<E extends EventName> = z.infer<Events[E]>

export const channelNames = Object.keys(channels) as ChannelName[]
export const eventNames = Object.keys(events) as EventName[]
