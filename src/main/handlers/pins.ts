import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function pinHandlers({ connections }: AppServices): HandlersOf<'pins'> {
  return {
    'pins.generate': async () => ({ pin: await (await connections.client()).pinCodes.generate() })
  }
}
