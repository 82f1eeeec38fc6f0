import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function auditHandlers({ audit }: AppServices): HandlersOf<'audit'> {
  return {
    'audit.list': (input) => audit.list(input ?? {}),
    'audit.exportCsv': (input) => audit.exportCsv(input?.filter, input?.timeZone, input?.language),
    'audit.setRetention': ({ days }) => audit.setRetention(days)
  }
}
