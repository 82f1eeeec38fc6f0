import type { NfcCard } from '../../../../shared/access/nfc-cards'
import { ownerName, type CardView } from '../../../../shared/nfc/card-view'
import type { User } from '../../../../shared/access/users'
import { userDisplayName } from '../../../../shared/access/users'
import type { OwnerRef } from '../../../../shared/owners'
import { findCards, findPeople, findUsers } from '../../stores/lookups'
import { noCardMatch } from '../../lib/card-no-match'
import { visitOver, stateWord } from '../visitors/status'
import type { VisitorStatus } from '../../../../shared/access/visitor-basics'
import { shellWords } from '../../lib/i18n/shell-messages.svelte'
import type { PickerSource } from './search-picker'
import { personName } from '../../../../shared/person-name'
import { apartOf, namesakesApart, type Apart } from '../../../../shared/person-apart'
import { apartWords, detailApart } from '../../lib/person-line'

/**
 * A person found to receive a credential, as facts: the row is worded when shown (so it follows the
 * desk's language). `email`: a user's; `visit`: a visitor's state and company, and `over` when the
 * visit can take no new credential; `apart`: what tells them from a namesake among the same results.
 */
export type FoundOwner = OwnerRef & {
  email?: string
  employeeNumber?: string
  apart?: Apart | null
  visit?: { status?: VisitorStatus; ended: boolean; company?: string; over: 'cancelled' | 'ended' | null }
}

const words = () => shellWords()

/**
 * A found person's muted detail: a user's email or employee number, or "user"; a visitor's tag, state and
 * company; then, for a namesake, what tells them from the others of their name among the results when
 * that is not already said (the one rule of shared/person-apart.ts: a shared email gives way to the
 * console's id).
 */
function ownerDetail(owner: FoundOwner): string {
  const apart = owner.apart ?? null
  if (!owner.visit) {
    const known = apartOf(owner)
    return detailApart([known ? apartWords(known) : words().t('picker.user')], apart)
  }
  const { status, ended, company } = owner.visit
  const state = ended ? words().t('picker.ended') : status ? stateWord(status) : ''
  return detailApart([words().t('picker.visitor'), state, company], apart)
}

/** Each found person with what tells them from a namesake among the same results (shared/person-apart.ts). */
function toldApart<T extends { id: string; name?: string; email?: string; employeeNumber?: string }>(
  found: T[]
): (T & { apart: Apart | null })[] {
  const apart = namesakesApart(found.map((f) => ({ name: f.name || f.id, facts: f })))
  return found.map((f, i) => ({ ...f, apart: apart[i]! }))
}

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
      name: personName(u),
      ...((u.user_email || u.email) && { email: u.user_email || u.email }),
      ...(u.employee_number && { employeeNumber: u.employee_number })
    }))
    for (const v of visitors) {
      const over = visitOver(v)
      found.push({
        type: 'visitor',
        id: v.id,
        name: personName(v),
        ...(v.email && { email: v.email }),
        // The visit's state, so a cancelled or past visit is never mistaken for today's. A visit
        // whose window passed while the console still says Expected or Active has ended.
        visit: {
          ...(v.status && { status: v.status }),
          ended: over === 'ended' && v.status !== 'VISITED' && v.status !== 'NO_VISIT',
          ...(v.visitor_company && { company: v.visitor_company }),
          over
        }
      })
    }
    return toldApart(found)
  },
  key: (owner) => owner.type + owner.id,
  row: (owner) => ({
    title: owner.name || owner.id,
    detail: ownerDetail(owner),
    ...(owner.visit?.over && {
      refused: words().t('picker.visitOver', {
        name: owner.name || words().t('picker.thisVisitor'),
        over: owner.visit.over
      })
    })
  }),
  none: (term) => words().t('picker.nobody', { term }),
  get listLabel() {
    return words().t('picker.people')
  },
  rows: 'listbox',
  get placeholder() {
    return words().t('picker.nameOrEmail')
  }
}

/**
 * A user found for a pass, with what tells them from a namesake among the same results: carried past the
 * pick, so the screens name the picked user as the picker did (lib/person-line `pickedName`).
 */
export type FoundUser = User & { apart: Apart | null }

/** Users only (Touch Passes); `note`: a fact worth knowing before picking (e.g. "already holds a pass"). */
export function userSource(note?: (user: FoundUser) => string | undefined): PickerSource<FoundUser> {
  return {
    async search(term) {
      const users = await findUsers(term)
      const facts = users.map((u) => ({
        id: u.id,
        name: userDisplayName(u),
        ...((u.user_email || u.email) && { email: u.user_email || u.email }),
        ...(u.employee_number && { employeeNumber: u.employee_number })
      }))
      const told = toldApart(facts)
      return users.map((u, i) => ({ ...u, apart: told[i]!.apart }))
    },
    key: (user) => user.id,
    row: (user) => {
      const said = note?.(user)
      const detail = detailApart([user.user_email || user.email], user.apart)
      return { title: userDisplayName(user), ...(detail && { detail }), ...(said && { note: said }) }
    },
    none: (term) => words().t('picker.noUser', { term }),
    get listLabel() {
      return words().t('picker.users')
    },
    listTestId: 'users-found',
    rows: 'buttons',
    get placeholder() {
      return words().t('picker.nameOrEmail')
    }
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
    row: (card) => {
      const owner = ownerName(card)
      const held = owner ? words().t('picker.cardHeldBy', { name: owner }) : words().t('picker.cardUnassigned')
      return { title: card.display_id, mono: true, detail: [card.alias, held].filter(Boolean).join(' · ') }
    },
    none: (term) => {
      const view = answers.get(term)
      if (view && view.total === 0) return words().t('picker.noCardsYet')
      return noCardMatch(view?.notNfcIds, words().t('picker.noCard', { term }))
    },
    get listLabel() {
      return words().t('picker.cards')
    },
    rows: 'buttons',
    get placeholder() {
      return words().t('picker.cardPlaceholder')
    },
    get busyText() {
      return words().t('picker.searchingCards')
    },
    listsAll: true
  }
}
