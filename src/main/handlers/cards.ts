import type { AppServices } from '../services/app-services'
import { CardInventory } from '../services/cards/card-inventory'
import type { HandlersOf } from './types'

export function cardHandlers(services: AppServices): HandlersOf<'cards'> {
  const inventory = new CardInventory(services.connections, (loaded, total) =>
    services.events.emit('cards.progress', { loaded, total })
  )
  services.events.subscribe((event, payload) => {
    if (event === 'connections.changed' || event === 'cards.stale') inventory.invalidate()
    // An enrollment writes its card when the tap is done, after enroll.start has returned.
    else if (event === 'enroll.progress' && (payload as { state?: string }).state === 'done')
      services.events.emit('cards.stale', { what: 'an enrollment', at: Date.now() })
  })
  return {
    'cards.all': async (input) => {
      const { cards, fetchedAt } = await inventory.all(input?.refresh)
      return { cards, fetchedAt }
    },
    'cards.get': ({ token }) => inventory.get(token),
    'cards.rename': ({ token, alias }) => inventory.rename(token, alias),
    'cards.assign': ({ token, owner, force }) => inventory.assign(token, owner, force),
    'cards.unassign': ({ token }) => inventory.unassign(token),
    'cards.delete': async ({ token }) => {
      await inventory.remove(token)
      return { deleted: true as const }
    },
    'cards.capabilities': () => inventory.capabilities()
  }
}
