import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function readerHandlers(_services: AppServices): HandlersOf<'reader'> {
  return {}
}
