import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function siteHandlers(_services: AppServices): HandlersOf<'sites'> {
  return {}
}
