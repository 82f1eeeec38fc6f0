import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function cardHandlers(_services: AppServices): HandlersOf<'cards'> {
  return {}
}
