import type { ChannelInput, ChannelName, ChannelOutput, EventName, EventPayload } from '../shared/ipc/contract'
import type { Envelope } from '../shared/ipc/define'

/**
 * The renderer's view of the contract, as types: built from the channel map so it can never drift
 * (api.ts builds the object from the contract; api-of.ts from a list of names).
 */
type Namespace<K> = K extends `${infer NS}.${string}` ? NS : never
type Method<K, NS extends string> = K extends `${NS}.${infer M}` ? M : never

type InputArgs<K extends ChannelName> =
  undefined extends ChannelInput<K> ? [input?: ChannelInput<K>] : [input: ChannelInput<K>]

export type ChannelFn<K extends ChannelName, R> = (...args: InputArgs<K>) => Promise<R>

export type ApiOf<Wrap extends 'envelope' | 'value'> = {
  [NS in Namespace<ChannelName>]: {
    [M in Method<ChannelName, NS>]: `${NS}.${M}` extends infer K extends ChannelName
      ? ChannelFn<K, Wrap extends 'envelope' ? Envelope<ChannelOutput<K>> : ChannelOutput<K>>
      : never
  }
}

export type Subscribe = <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void

/** What the preload (or the web bridge) puts on `window.api`. */
export type BridgeApi = ApiOf<'envelope'> & { on: Subscribe }

export type Invoke = (channel: ChannelName, input: unknown) => Promise<Envelope>
