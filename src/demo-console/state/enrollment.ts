import { consoleCardNumber } from '../../shared/nfc/card-number'
import { DemoError } from '../errors'
import type { Sessions } from './sessions'
import type { DemoStore } from './store'

export type TapOutcome = 'read' | 'too-short' | 'invalid-card'

/** Uppercase hex without separators ("04:a1:b2" → "04A1B2"); undefined when it is not hex. */
export function normaliseNfcId(raw: string): string | undefined {
  const id = raw.replace(/[\s:-]/g, '').toUpperCase()
  return /^[0-9A-F]{2,32}$/.test(id) ? id : undefined
}

/**
 * A card presented to a networked reader (control API). It goes to the session waiting on that
 * reader, as the hardware would: a new card gets a token and a display id, a known card keeps its
 * token, a card enrolled at another site is refused unless the session allows a reset.
 */
export async function presentCard(
  store: DemoStore,
  sessions: Sessions,
  deviceId: string,
  nfcId: string,
  outcome: TapOutcome
) {
  const session = sessions.waitingOn(deviceId)
  if (!session)
    throw new DemoError(404, 'CODE_CREDS_NFC_READ_SESSION_NOT_FOUND', 'no enrollment session is waiting on this reader')
  if (outcome === 'too-short') {
    session.transient = {
      code: 'CODE_CREDS_NFC_CARD_PROVISION_FAILED',
      msg: 'hold the card on the reader for more than 5 seconds'
    }
    return { session_id: session.id, result: outcome }
  }
  if (outcome === 'invalid-card') {
    session.outcome = {
      kind: 'error',
      code: 'CODE_CREDS_NFC_CARD_INVALID',
      msg: 'card type not supported, a UA Card is required'
    }
    return { session_id: session.id, result: outcome }
  }
  const provisioned = store.meta.provisioned.indexOf(nfcId)
  if (provisioned >= 0 && !session.reset) {
    session.outcome = {
      kind: 'error',
      code: 'CODE_CREDS_NFC_CARD_IS_PROVISION',
      msg: 'the card is already enrolled at another site'
    }
    return { session_id: session.id, result: 'is-provision' }
  }
  if (provisioned >= 0) store.meta.provisioned.splice(provisioned, 1)
  let card = store.cards.findByNfcId(nfcId)
  if (!card) {
    // A card read by its UID is numbered by it: the UID in decimal (see shared/nfc/card-number.ts).
    const displayId = consoleCardNumber(nfcId)
    card = {
      token: store.ids.hex(64),
      display_id: displayId,
      nfc_id: nfcId,
      status: 'pending',
      alias: '',
      card_type: 'ua_card',
      note: displayId,
      owner: null
    }
    store.cards.add(card)
  }
  session.outcome = { kind: 'read', token: card.token, cardId: card.display_id }
  await store.save('cards', 'meta')
  return { session_id: session.id, result: 'read', token: card.token, card_id: card.display_id }
}
