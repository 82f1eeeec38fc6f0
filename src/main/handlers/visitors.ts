import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function visitorHandlers(_services: AppServices): HandlersOf<'visitors'> {
  return {}
}
