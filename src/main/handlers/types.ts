import type { ChannelName } from '../../shared/ipc/contract'
import type { Handlers } from '../services/ipc/dispatch'

/** The handlers of one namespace (`pins` → every `pins.*` channel). */
export type HandlersOf<NS extends string> = Pick<Handlers, Extract<ChannelName, `${NS}.${string}`>>
