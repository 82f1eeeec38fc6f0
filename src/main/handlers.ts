import type { AppServices } from './services/app-services'
import type { Handlers } from './services/ipc/dispatch'
import { appHandlers } from './handlers/app'
import { connectionHandlers } from './handlers/connections'
import { pinHandlers } from './handlers/pins'

/**
 * The contract's implementation: each namespace's handlers live in `handlers/<namespace>.ts` and
 * are joined here. The `Handlers` type makes a channel without a handler a compile error.
 */
export function createHandlers(services: AppServices): Handlers {
  return {
    ...appHandlers(services),
    ...connectionHandlers(services),
    ...pinHandlers(services)
  }
}
