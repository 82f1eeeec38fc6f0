import type { z } from 'zod'
import type { ChannelDef } from '../define'

// Channels of this namespace: filled in by the issue that builds it.
export const touchPassChannels = {} satisfies Record<string, ChannelDef>

export const touchPassEvents = {} satisfies Record<string, z.ZodType>
