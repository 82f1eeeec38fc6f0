import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function userHandlers(_services: AppServices): HandlersOf<'users'> {
  return {}
}
