import type { CardView } from '../../../shared/nfc/card-view'
import type { User } from '../../../shared/access/users'
import type { Visitor } from '../../../shared/access/visitors'
import { getApi } from '../lib/api'

/** The console lookups behind the search pickers: who can take a credential, and which cards exist. */

export async function findUsers(keyword: string): Promise<User[]> {
  return (await getApi().users.search({ keyword })).items
}

/**
 * Users and visitors matching the words. Either list can fail on its own (a token may see users
 * but not visitors): what works is kept, and only when both fail is the users' refusal thrown.
 */
export async function findPeople(keyword: string): Promise<{ users: User[]; visitors: Visitor[] }> {
  const api = getApi()
  const [users, visitors] = await Promise.allSettled([
    api.users.search({ keyword }),
    api.visitors.list({ keyword, page: 1, pageSize: 20 })
  ])
  if (users.status === 'rejected' && visitors.status === 'rejected') throw users.reason
  return {
    users: users.status === 'fulfilled' ? users.value.items : [],
    visitors: visitors.status === 'fulfilled' ? visitors.value.items : []
  }
}

/** Cards one picker answer shows at most: type more words to find one further down. */
export const PICKED_CARDS = 50

let pickerLoads = 0

/**
 * The console's cards a picker's words find, asked of main as the Cards screen asks (`cards.view`):
 * main holds the list and filters it by the Cards screen's one search text (number, alias, NFC ID in
 * hex or decimal and either byte order, the owner's name), so the same words find the same cards
 * everywhere, and the list never crosses to the screen. Main's list is read first when it holds none
 * complete (the first use, a switch of console), or again past it with `refresh` (a retry).
 */
export async function findCards(filter: string, refresh = false): Promise<CardView> {
  const api = getApi()
  // The longest filter main takes (cardViewQuerySchema); no card number or name is longer.
  const words = filter.slice(0, 200)
  const view = () =>
    api.cards.view({
      filter: words,
      status: 'all',
      sortKey: 'display_id',
      descending: false,
      offset: 0,
      limit: PICKED_CARDS
    })
  if (!refresh) {
    const held = await view()
    if (held.complete) return held
  }
  // The load's part events are the Cards screen's business: this stream id is nobody else's.
  await api.cards.load({ refresh, stream: `picker-${++pickerLoads}-${Math.random().toString(36).slice(2, 10)}` })
  return view()
}
