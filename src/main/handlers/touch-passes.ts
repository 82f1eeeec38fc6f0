import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function touchPassHandlers(_services: AppServices): HandlersOf<'touchPasses'> {
  return {}
}
