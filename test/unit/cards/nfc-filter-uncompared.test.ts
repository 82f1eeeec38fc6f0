import { describe, expect, it } from 'vitest'
import { CardViews } from '../../../src/main/services/cards/card-view'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import type { CardViewQuery } from '../../../src/shared/nfc/card-view'
import { consoleCardNumber } from '../../../src/shared/nfc/card-number'

const card = (token: string, display_id: string, status: NfcCard['status'] = 'pending'): NfcCard => ({
  token,
  display_id,
  status,
  alias: '',
  card_type: 'ua_card',
  user_id: '',
  user_type: '',
  user: null
})

// Two cards numbered by their UID (read on a networked reader, or imported), three by a number that is no UID.
const cards = [
  card('a', consoleCardNumber('04A23B1C')),
  card('b', consoleCardNumber('04112233445566')),
  card('c', '100005'),
  card('d', '100006', 'assigned'),
  card('e', 'Lobby spare')
]
const query = (filter: string, status: CardViewQuery['status'] = 'all'): CardViewQuery => ({
  filter,
  status,
  sortKey: 'display_id',
  descending: false,
  offset: 0,
  limit: 50
})

describe('an NFC ID that no card matches', () => {
  const views = new CardViews()

  it('says how many cards could not be compared: their numbers are not NFC IDs', () => {
    const answer = views.answer(cards, true, query('04:99:88:77'))
    expect(answer.matched).toBe(0)
    expect(answer.notNfcIds).toBe(3)
    // The decimal a card prints, read as a UID: the same.
    expect(views.answer(cards, true, query('4294967295')).notNfcIds).toBe(3)
  })

  it('counts only the cards of the status asked', () => {
    expect(views.answer(cards, true, query('0499887766', 'assigned')).notNfcIds).toBe(1)
  })

  it('is not said for a match, nor for a filter that is no NFC ID', () => {
    const found = views.answer(cards, true, query('04a23b1c'))
    expect(found.matched).toBe(1)
    expect(found.notNfcIds).toBeUndefined()
    expect(views.answer(cards, true, query('nobody')).notNfcIds).toBeUndefined()
    // Too short to be a UID (a card number like "100007"): a number filter, not an NFC ID.
    expect(views.answer(cards, true, query('100007')).notNfcIds).toBeUndefined()
  })
})
