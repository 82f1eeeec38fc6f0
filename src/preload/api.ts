import { channelNames } from '../shared/ipc/contract'
import { buildApiOf } from './api-of'
import type { BridgeApi, Invoke, Subscribe } from './api-types'

/**
 * The renderer's view of the contract, built from the channel map so it can never drift.
 * Functions resolve to the envelope instead of throwing: contextBridge copies a thrown Error as a
 * bare message, and the error model (kind, hint, retryable) must survive the hop.
 * No electron import here: the web bridge and tests build the same object over other transports.
 */
export type { ApiOf, BridgeApi, ChannelFn, Invoke, Subscribe } from './api-types'

/** `window.api` with every channel of the contract (the preload, tests); see api-of.ts. */
export function buildApi(invoke: Invoke, subscribe: Subscribe): BridgeApi {
  return buildApiOf(channelNames, invoke, subscribe)
}
