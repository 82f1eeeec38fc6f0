import type { NfcCard } from '../../../shared/access/nfc-cards'
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

/** Every NFC card of the console; `refresh` reads past the main process's cache. */
export async function allCards(refresh = false): Promise<NfcCard[]> {
  return (await getApi().cards.all(refresh ? { refresh } : undefined)).cards
}
