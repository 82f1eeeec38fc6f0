import type { NfcCard } from '../../../shared/access/nfc-cards'
import { ownerName } from '../../../shared/nfc/card-view'
import type { SeenNow } from '../../../shared/seen/seen'

/**
 * A card's facts an action's question depends on (shared/seen), with the names its words say: Cards'
 * Give, Take back and Delete, and Enroll's take-over (enrollment.ts).
 */
export function cardFacts(card: NfcCard): SeenNow {
  return {
    ownerId: card.user_id || null,
    ownerName: ownerName(card) || card.user_id,
    ...(card.user_type ? { ownerType: card.user_type === 'VISITOR' ? ('visitor' as const) : ('user' as const) } : {}),
    card: card.display_id || card.token.slice(0, 8)
  }
}
