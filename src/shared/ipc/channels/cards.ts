import type { z } from 'zod'
import type { ChannelDef } from '../define'

// Channels of this namespace: filled in by the issue that builds it.
export const cardChannels = {} satisfies Record<string, ChannelDef>

export const cardEvents = {} satisfies Record<string, z.ZodType>
