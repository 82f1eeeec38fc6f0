import type { DemoStore } from './state/store'
import type { Sessions } from './state/sessions'
import type { Runtime } from './runtime'
import type { Notifications } from './notifications'
import type { DemoTokens } from './tokens'

/** What every route of the demo console can read. */
export interface DemoContext {
  version: string
  /** token → permission keys */
  scopes: Map<string, ReadonlySet<string>>
  /** The token that may use the control API. */
  fullToken: string
  /** The three tokens by name (the control API changes their keys by name). */
  tokens: DemoTokens
  dataDir: string
  store: DemoStore
  sessions: Sessions
  runtime: Runtime
  /** The notifications WebSocket's subscribers: status changes are pushed to them. */
  notifications: Notifications
}
