import type { NfcCard } from '../../../../shared/access/nfc-cards'
import type { User } from '../../../../shared/access/users'
import { userDisplayName } from '../../../../shared/access/users'
import type { OwnerRef } from '../../../../shared/owners'
import { allCards, findPeople, findUsers } from '../../stores/lookups'
import { visitOver, visitorStatusWords } from '../visitors/status'
import type { PickerSource } from './search-picker'

/** A person found to receive a credential; `refused` says why they cannot take a new one. */
export type FoundOwner = OwnerRef & { detail: string; refused?: string }

/**
 * Users and visitors (PINs, Cards, Enroll). The one rule for every credential, the same as the
 * Visitors screen's: a cancelled or ended visit takes no new credential.
 */
export const ownerSource: PickerSource<FoundOwner> = {
  async search(term) {
    const { users, visitors } = await findPeople(term)
    const found: FoundOwner[] = users.map((u) => ({
      type: 'user',
      id: u.id,
      name: u.full_name || [u.first_name, u.last_name].filter(Boolean).join(' '),
      detail: u.user_email || u.email || 'user'
    }))
    for (const v of visitors) {
      const name = [v.first_name, v.last_name].filter(Boolean).join(' ')
      const over = visitOver(v)
      // The visit's state in words, so a cancelled or past visit is never mistaken for today's.
      // A visit whose window passed while the console still says Expected or Active has ended.
      const ended = over === 'ended' && v.status !== 'VISITED' && v.status !== 'NO_VISIT'
      const words = ended ? 'Ended' : v.status ? visitorStatusWords[v.status] : ''
      found.push({
        type: 'visitor',
        id: v.id,
        name,
        detail: ['visitor', words, v.visitor_company].filter(Boolean).join(' · '),
        ...(over && {
          refused: `${name || 'This visitor'}: the visit ${over === 'cancelled' ? 'is cancelled' : 'has ended'}, so it cannot take a new credential. Make a new visit on Visitors first.`
        })
      })
    }
    return found
  },
  key: (owner) => owner.type + owner.id,
  row: (owner) => ({
    title: owner.name || owner.id,
    detail: owner.detail,
    ...(owner.refused && { refused: owner.refused })
  }),
  none: (term) => `Nobody matches “${term}”.`,
  listLabel: 'Matching people',
  rows: 'listbox',
  placeholder: 'Name or email'
}

/** Users only (Touch Passes); `note`: a fact worth knowing before picking (e.g. "already holds a pass"). */
export function userSource(note?: (user: User) => string | undefined): PickerSource<User> {
  return {
    search: (term) => findUsers(term),
    key: (user) => user.id,
    row: (user) => {
      const said = note?.(user)
      const email = user.user_email || user.email
      return { title: userDisplayName(user), ...(email && { detail: email }), ...(said && { note: said }) }
    },
    none: (term) => `No user matches “${term}”.`,
    listLabel: 'Users found',
    listTestId: 'users-found',
    rows: 'buttons',
    placeholder: 'Name or email'
  }
}

const holder = (c: NfcCard) => c.user?.name || `${c.user?.first_name ?? ''} ${c.user?.last_name ?? ''}`.trim()

/** The console's enrolled NFC cards (a visitor's card), read once per picker and filtered as you type. */
export function cardSource(): PickerSource<NfcCard> {
  let cards: NfcCard[] | null = null
  const filter = (term: string) => {
    const q = term.toLowerCase()
    const all = cards ?? []
    const hits = q
      ? all.filter((c) => [c.display_id, c.alias, holder(c)].some((t) => t.toLowerCase().includes(q)))
      : all
    return hits.slice(0, 50)
  }
  return {
    search(term, why) {
      if (cards && why === 'typed') return filter(term)
      return allCards(why === 'retry').then((read) => {
        cards = read
        return filter(term)
      })
    },
    key: (card) => card.token,
    row: (card) => ({
      title: card.display_id,
      mono: true,
      detail: [card.alias, holder(card) ? `held by ${holder(card)}` : 'unassigned'].filter(Boolean).join(' · ')
    }),
    none: (term) =>
      cards?.length ? `No card matches “${term}”.` : 'The console has no NFC cards yet: enroll one first.',
    listLabel: 'Cards',
    rows: 'buttons',
    placeholder: 'Card number, alias or holder',
    busyText: 'Loading the card list…',
    listsAll: true
  }
}
