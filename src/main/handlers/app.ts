import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function appHandlers(services: AppServices): HandlersOf<'app'> {
  return {
    'app.info': async () => ({ name: 'Access Desk', version: services.version, transport: services.transport })
  }
}
