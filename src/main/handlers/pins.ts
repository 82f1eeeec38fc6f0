import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function pinHandlers({ connections }: AppServices): HandlersOf<'pins'> {
  return {
    'pins.generate': async () => ({ pin: await (await connections.client()).pinCodes.generate() }),
    'pins.assign': async ({ pin, owner }) => {
      const client = await connections.client()
      if (owner.type === 'user') await client.users.assignPin(owner.id, pin)
      else await client.visitors.assignPin(owner.id, pin)
      return { assigned: true as const }
    },
    'pins.unassign': async ({ owner }) => {
      const client = await connections.client()
      if (owner.type === 'user') await client.users.unassignPin(owner.id)
      else await client.visitors.unassignPin(owner.id)
      return { removed: true as const }
    }
  }
}
