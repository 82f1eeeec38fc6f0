import type { z } from 'zod'
import type { ChannelDef } from '../define'

// Channels of this namespace: filled in by the issue that builds it.
export const batchChannels = {} satisfies Record<string, ChannelDef>

export const batchEvents = {} satisfies Record<string, z.ZodType>
