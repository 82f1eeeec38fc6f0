import type { NfcCard } from '../../src/shared/access/nfc-cards'

/**
 * An NFC card as main answers one, for renderer tests with a scripted bridge: a UA card with its
 * number and alias, assigned to `owner` (a user) when one is given, else pending (held by nobody).
 */
export function cardFixture(display_id: string, alias: string, owner?: { id: string; name: string }): NfcCard {
  return {
    token: `tok-${display_id}`,
    display_id,
    status: owner ? 'assigned' : 'pending',
    alias,
    card_type: 'ua_card',
    user_id: owner?.id ?? '',
    user_type: owner ? 'USER' : '',
    user: owner ?? null
  }
}
