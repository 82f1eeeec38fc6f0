import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function batchHandlers(_services: AppServices): HandlersOf<'batches'> {
  return {}
}
