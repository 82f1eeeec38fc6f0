import { describe, expect, it } from 'vitest'
import { CardViews } from '../../../src/main/services/cards/card-view'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import type { CardViewQuery } from '../../../src/shared/nfc/card-view'

/** A card held by `userId`, whose name on the card record is Jun Ng whoever they are. */
const card = (token: string, display_id: string, userId: string): NfcCard => ({
  token,
  display_id,
  status: userId ? 'assigned' : 'pending',
  alias: '',
  card_type: 'ua_card',
  user_id: userId,
  user_type: userId ? 'USER' : '',
  user: userId ? { id: userId, first_name: 'Jun', last_name: 'Ng', name: 'Jun Ng' } : null
})

// Two people named Jun Ng (walk C): one holds two cards, the other one.
const cards = [
  card('a', '300001', 'jun-1'),
  card('b', '300002', 'jun-2'),
  card('c', '300003', 'jun-1'),
  card('d', '300004', '')
]
const query = (extra: Partial<CardViewQuery>): CardViewQuery => ({
  filter: '',
  status: 'all',
  sortKey: 'display_id',
  descending: false,
  offset: 0,
  limit: 50,
  ...extra
})

describe('the cards of one holder (Consoles → Find → Open on a person)', () => {
  it('keeps that person’s cards by their id: another person of the same name is not mixed in', () => {
    const views = new CardViews()
    expect(views.answer(cards, true, query({ filter: 'Jun Ng' })).matched).toBe(3)
    const first = views.answer(cards, true, query({ owner: 'jun-1' }))
    expect(first.rows.map((c) => c.token)).toEqual(['a', 'c'])
    expect(first.owner).toBe('jun-1')
    expect(views.answer(cards, true, query({ owner: 'jun-2' })).rows.map((c) => c.token)).toEqual(['b'])
    // A filter typed on top narrows that person's cards, never widens them.
    expect(views.answer(cards, true, query({ owner: 'jun-1', filter: '300003' })).rows.map((c) => c.token)).toEqual([
      'c'
    ])
    expect(views.answer(cards, true, query({})).matched).toBe(4)
  })
})
