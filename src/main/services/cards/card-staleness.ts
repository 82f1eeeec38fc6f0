import type { EventHub } from '../events'
import type { CardInventory } from './card-inventory'

/**
 * Keeps the card inventory honest: another console, or a write outside Cards (cards.stale), drops
 * what it holds. An enrollment writes its card when the tap is done, after enroll.start has
 * returned, so its `done` progress announces cards.stale itself. Returns the unsubscribe.
 */
export function watchCardStaleness(inventory: CardInventory, events: EventHub): () => void {
  return events.subscribe((event, payload) => {
    if (event === 'connections.changed' || event === 'cards.stale') inventory.invalidate()
    else if (event === 'enroll.progress' && (payload as { state?: string }).state === 'done')
      events.emit('cards.stale', { what: 'enrollment', at: Date.now() })
  })
}
