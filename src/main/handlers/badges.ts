import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function badgeHandlers(_services: AppServices): HandlersOf<'badges'> {
  return {}
}
