import type { NfcCard } from '../../../../shared/access/nfc-cards'
import { ownerName, type CardView } from '../../../../shared/nfc/card-view'
import type { User } from '../../../../shared/access/users'
import { userDisplayName } from '../../../../shared/access/users'
import type { OwnerRef } from '../../../../shared/owners'
import { findCards, findPeople, findUsers } from '../../stores/lookups'
import { noCardMatch } from '../../lib/card-no-match'
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

/**
 * The console's NFC cards (a visitor's card), found by main as the Cards screen finds them (`cards.view`):
 * the same words — number, alias, NFC ID (hex or decimal, either byte order), owner's name — find the
 * same cards. The empty field shows the first cards by number; the words typed ask main again.
 */
export function cardSource(): PickerSource<NfcCard> {
  /** Main's answers by the words they answer: what "nothing found" says depends on the answer. */
  const answers = new Map<string, CardView>()
  return {
    async search(term, why) {
      const view = await findCards(term, why === 'retry')
      answers.clear()
      answers.set(term, view)
      return view.rows
    },
    key: (card) => card.token,
    row: (card) => ({
      title: card.display_id,
      mono: true,
      detail: [card.alias, ownerName(card) ? `held by ${ownerName(card)}` : 'unassigned'].filter(Boolean).join(' · ')
    }),
    none: (term) => {
      const view = answers.get(term)
      if (view && view.total === 0) return 'The console has no NFC cards yet: enroll one first.'
      return noCardMatch(view?.notNfcIds, `No card matches “${term}”.`)
    },
    listLabel: 'Cards',
    rows: 'buttons',
    placeholder: 'Number, alias, NFC ID or owner',
    busyText: 'Searching the cards…',
    listsAll: true
  }
}
