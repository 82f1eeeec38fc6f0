import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function pinHandlers({ pins }: AppServices): HandlersOf<'pins'> {
  return {
    'pins.capabilities': () => pins.capabilities(),
    'pins.generate': async () => ({ pin: await pins.generate() }),
    'pins.held': ({ owner }) => pins.held(owner),
    'pins.assign': async ({ pin, owner, seen }) => {
      // `readBack`: its answer was lost and reading the person back found the PIN given (pin-service).
      return { assigned: true as const, ...(await pins.assign(owner, pin, seen)) }
    },
    'pins.unassign': async ({ owner }) => {
      await pins.unassign(owner)
      return { removed: true as const }
    }
  }
}
