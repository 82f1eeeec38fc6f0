import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function siteHandlers({ connections }: AppServices): HandlersOf<'sites'> {
  return {
    'sites.devices': async () => ({ items: await (await connections.client()).devices.list() }),
    'sites.topology': async () => ({ groups: await (await connections.client()).doors.topology() }),
    'sites.doors': async () => ({ items: await (await connections.client()).doors.list() }),
    'sites.doorGroups': async () => ({ items: await (await connections.client()).doors.groups() })
  }
}
