import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function fleetHandlers({ fleet }: AppServices): HandlersOf<'fleet'> {
  return {
    'fleet.consoles': async ({ requestId }) => ({ consoles: await fleet.consoles(requestId) }),
    'fleet.find': async ({ requestId, query }) => ({ results: await fleet.find(requestId, query) })
  }
}
