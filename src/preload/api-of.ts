import type { BridgeApi, Invoke, Subscribe } from './api-types'
import type { ChannelName } from '../shared/ipc/contract'
import type { Envelope } from '../shared/ipc/define'

/**
 * `window.api` from a list of channel names: one function per channel, grouped by namespace, and
 * `on` for events. Imports nothing at run time: the web bridge, loaded before the tab's first paint,
 * passes the names its build wrote in, so it loads none of the contract's zod schemas
 * (`buildApi` in api.ts passes the contract's own `channelNames`).
 */
export function buildApiOf(names: readonly string[], invoke: Invoke, subscribe: Subscribe): BridgeApi {
  const api: Record<string, Record<string, (input?: unknown) => Promise<Envelope>>> = {}
  for (const name of names) {
    const [ns, method] = name.split('.') as [string, string]
    api[ns] ??= {}
    api[ns][method] = (input?: unknown) => invoke(name as ChannelName, input)
  }
  return Object.assign(api, { on: subscribe }) as unknown as BridgeApi
}
