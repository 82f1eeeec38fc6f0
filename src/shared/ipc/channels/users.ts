import type { z } from 'zod'
import type { ChannelDef } from '../define'

// Channels of this namespace: filled in by the issue that builds it.
export const userChannels = {} satisfies Record<string, ChannelDef>

export const userEvents = {} satisfies Record<string, z.ZodType>
