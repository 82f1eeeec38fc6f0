import type { DemoStore } from './state/store'
import type { Sessions } from './state/sessions'
import type { Runtime } from './runtime'

/** What every route of the demo console can read. */
export interface DemoContext {
  version: string
  /** token → permission keys */
  scopes: Map<string, ReadonlySet<string>>
  /** The token that may use the control API. */
  fullToken: string
  dataDir: string
  store: DemoStore
  sessions: Sessions
  runtime: Runtime
}
