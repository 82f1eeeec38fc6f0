import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function pinHandlers({ pins }: AppServices): HandlersOf<'pins'> {
  return {
    'pins.capabilities': () => pins.capabilities(),
    'pins.generate': async () => ({ pin: await pins.generate() }),
    'pins.held': async ({ owner }) => ({ held: await pins.held(owner) }),
    'pins.assign': async ({ pin, owner, seen }) => {
      await pins.assign(owner, pin, seen)
      return { assigned: true as const }
    },
    'pins.unassign': async ({ owner }) => {
      await pins.unassign(owner)
      return { removed: true as const }
    }
  }
}
