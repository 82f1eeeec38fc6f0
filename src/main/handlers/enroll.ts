import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function enrollHandlers(_services: AppServices): HandlersOf<'enroll'> {
  return {}
}
