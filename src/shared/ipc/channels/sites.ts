import type { z } from 'zod'
import type { ChannelDef } from '../define'

// Channels of this namespace: filled in by the issue that builds it.
export const siteChannels = {} satisfies Record<string, ChannelDef>

export const siteEvents = {} satisfies Record<string, z.ZodType>
