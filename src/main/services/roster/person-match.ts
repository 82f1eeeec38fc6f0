import { userDisplayName, type User } from '../../../shared/access/users'
import type { Visitor } from '../../../shared/access/visitors'
import type { PersonMatch, PersonRef } from '../../../shared/roster/sheet'
import { isClosedVisit, words } from '../kiosk/visit-match'
import { personName } from '../../../shared/person-name'
import { sentence, type RosterSaid, type RosterSentence } from '../../../shared/roster/roster-said'
import { told } from './roster-english'

/** What a person already holds: the plan's has-card / has-pin / has-pass conflicts read it. */
export interface Holdings {
  person: PersonRef
  cards: { token: string; displayId: string }[]
  hasPin: boolean
  hasPass: boolean
}

/** How a roster row names its person (cells as read; empty or absent: not given). */
export interface PersonKeys {
  email?: string | undefined
  employeeNumber?: string | undefined
  fullName?: string | undefined
  firstName?: string | undefined
  lastName?: string | undefined
}

interface Entry {
  holdings: Holdings
  /** Why this person is never matched without the user confirming (deactivated, visit over). */
  inactive: RosterSentence | undefined
}

type KeyKind = 'email' | 'employeeNumber' | 'name'

interface GivenKey {
  kind: KeyKind
  /** As the file writes it, for the reasons. */
  text: string
  hits: Entry[]
}

export const MAX_CANDIDATES = 20

/**
 * The console's users and visitors, indexed once by email (any case), employee number (exact, users
 * only) and name (case, accents, punctuation and extra spaces ignored), to find each roster row's
 * person. Never guessed: a row is matched only when its strongest key names exactly one active
 * person and no weaker key names someone else. Deactivated users and visitors whose visit is over
 * or cancelled are found but never matched by themselves: the row is ambiguous with them as the one
 * candidate, and the reason says why, so the user confirms (the console may refuse a credential for
 * a closed visit).
 */
export class PeopleIndex {
  private readonly byRef = new Map<string, Entry>()
  private readonly byEmail = new Map<string, Entry[]>()
  private readonly byNumber = new Map<string, Entry[]>()
  /** By employee number without its leading zeros: only to offer, never to match (see `near`). */
  private readonly byNumberNoZeros = new Map<string, Entry[]>()
  private readonly byName = new Map<string, Entry[]>()
  private readonly entries: Entry[] = []

  constructor(users: readonly User[], visitors: readonly Visitor[]) {
    for (const user of users) {
      const email = user.user_email || user.email || undefined
      const person: PersonRef = { type: 'user', id: user.id, name: userDisplayName(user) }
      if (email) person.email = email
      if (user.employee_number?.trim()) person.employeeNumber = user.employee_number.trim()
      const entry = this.add({
        holdings: {
          person,
          cards: user.nfc_cards.map((c) => ({ token: c.token, displayId: c.id })),
          hasPin: user.pin_code !== null,
          hasPass: user.touch_pass !== null
        },
        inactive: user.status === 'DEACTIVATED' ? sentence('inactiveUser', { name: person.name }) : undefined
      })
      addTo(this.byEmail, [user.user_email, user.email].map(emailKey), entry)
      addTo(this.byNumber, [user.employee_number?.trim()], entry)
      addTo(this.byNumberNoZeros, [noLeadingZeros(user.employee_number?.trim())], entry)
      addTo(this.byName, [user.full_name, `${user.first_name} ${user.last_name}`].map(nameKey), entry)
    }
    for (const visitor of visitors) {
      const name = personName(visitor) || visitor.email || visitor.id
      const person: PersonRef = { type: 'visitor', id: visitor.id, name }
      if (visitor.email) person.email = visitor.email
      const entry = this.add({
        holdings: {
          person,
          cards: visitor.nfc_cards.map((c) => ({ token: c.token, displayId: c.id })),
          hasPin: visitor.pin_code !== null,
          hasPass: false
        },
        inactive: isClosedVisit(visitor.status)
          ? sentence('inactiveVisitor', { name, status: visitor.status === 'CANCELLED' ? 'cancelled' : 'over' })
          : undefined
      })
      addTo(this.byEmail, [emailKey(visitor.email)], entry)
      addTo(this.byName, [nameKey(`${visitor.first_name} ${visitor.last_name}`)], entry)
    }
  }

  private add(entry: Entry): Entry {
    const p = entry.holdings.person
    this.byRef.set(refKey(p), entry)
    this.entries.push(entry)
    return entry
  }

  /** What a person holds now, or undefined when the console has no such person. */
  get(ref: { type: 'user' | 'visitor'; id: string }): Holdings | undefined {
    return this.byRef.get(refKey(ref))?.holdings
  }

  /** The person a row names, or why it names no one person. */
  match(keys: PersonKeys): PersonMatch {
    const given = this.givenKeys(keys)
    if (given.length === 0) return { state: 'missing', ...told([sentence('noKeys')]) }
    const [strongest, ...weaker] = given as [GivenKey, ...GivenKey[]]
    if (strongest.hits.length === 0) {
      // A key that names nobody is never passed over in silence for a weaker one: the weaker
      // key's people are offered, and the user confirms.
      const none = noneReason(strongest)
      for (const key of given) {
        if (key !== strongest && key.hits.length > 0) return ambiguous(key.hits, [none, hitsPhrase(key)])
        const near = key.kind === 'employeeNumber' && key.hits.length === 0 ? this.near(key.text) : []
        if (near.length > 0) return ambiguous(near, [none, nearPhrase(key.text, near)])
      }
      return { state: 'missing', ...told([none, ...weaker.map(noneReason)]) }
    }
    let hits = strongest.hits
    for (const key of weaker) {
      if (key.hits.length === 0) continue
      const both = hits.filter((e) => key.hits.includes(e))
      if (both.length === 0) {
        return ambiguous(union(hits, key.hits), [
          sentence('keysDisagree', {
            kind: strongest.kind,
            text: strongest.text,
            count: hits.length,
            who: hits.length === 1 ? describe(hits[0]!) : '',
            otherKind: key.kind,
            otherText: key.text,
            otherCount: key.hits.length,
            otherWho: key.hits.length === 1 ? describe(key.hits[0]!) : ''
          })
        ])
      }
      hits = both
    }
    if (hits.length > 1) return ambiguous(hits, [hitsPhrase({ ...strongest, hits })])
    const only = hits[0]!
    if (only.inactive !== undefined) return ambiguous(hits, [only.inactive])
    return { state: 'matched', person: only.holdings.person, by: strongest.kind }
  }

  /**
   * People whose name, email or employee number contains every word typed (for resolving a row
   * by hand), at most `limit`.
   */
  search(text: string, limit = MAX_CANDIDATES): PersonRef[] {
    const typed = words(text)
    if (typed.length === 0) return []
    const found: PersonRef[] = []
    for (const entry of this.entries) {
      const p = entry.holdings.person
      const hay = `${nameKey(p.name)} ${p.email?.toLowerCase() ?? ''} ${p.employeeNumber?.toLowerCase() ?? ''}`
      if (typed.every((w) => hay.includes(w))) {
        found.push(p)
        if (found.length >= limit) break
      }
    }
    return found
  }

  /**
   * Users whose employee number is this one with leading zeros added or dropped ("42" and
   * "00042"): a spreadsheet drops them from a number. Offered to the user, never matched.
   */
  private near(number: string): Entry[] {
    const key = noLeadingZeros(number)
    return key === undefined ? [] : (this.byNumberNoZeros.get(key) ?? [])
  }

  private givenKeys(keys: PersonKeys): GivenKey[] {
    const given: GivenKey[] = []
    const email = keys.email?.trim()
    if (email) given.push({ kind: 'email', text: email, hits: this.byEmail.get(emailKey(email)!) ?? [] })
    const number = keys.employeeNumber?.trim()
    if (number) given.push({ kind: 'employeeNumber', text: number, hits: this.byNumber.get(number) ?? [] })
    const name = rowName(keys)
    const key = name === undefined ? undefined : nameKey(name)
    if (name !== undefined && key) given.push({ kind: 'name', text: name, hits: this.byName.get(key) ?? [] })
    return given
  }
}

/** The name a row gives: its full-name cell ("Last, First" turned round), else first + last. */
export function rowName(keys: PersonKeys): string | undefined {
  const full = keys.fullName?.trim()
  if (full) {
    const comma = full.indexOf(',')
    if (comma === -1) return full
    const last = full.slice(0, comma).trim()
    const first = full.slice(comma + 1).trim()
    return first && last ? `${first} ${last}` : full
  }
  const joined = `${keys.firstName?.trim() ?? ''} ${keys.lastName?.trim() ?? ''}`.trim()
  return joined || undefined
}

function noLeadingZeros(number: string | undefined): string | undefined {
  if (!number) return undefined
  return number.replace(/^0+(?=.)/, '')
}

function nearPhrase(number: string, near: readonly Entry[]): RosterSentence {
  if (near.length === 1) {
    const p = near[0]!.holdings.person
    return sentence('nearOne', { name: p.email ? `${p.name} (${p.email})` : p.name, number: p.employeeNumber ?? '' })
  }
  return sentence('nearMany', { count: near.length, number })
}

function ambiguous(hits: readonly Entry[], said: RosterSaid): PersonMatch {
  return {
    state: 'ambiguous',
    candidates: hits.slice(0, MAX_CANDIDATES).map((e) => e.holdings.person),
    ...told(said)
  }
}

function noneReason(key: GivenKey): RosterSentence {
  if (key.kind === 'employeeNumber') return sentence('noneNumber', { text: key.text })
  if (key.kind === 'email') return sentence('noneEmail', { text: key.text })
  return sentence('noneName', { text: key.text })
}

/** "Ada Ng (ada.ng@x.com) has the same name", "3 people have the name Ada Ng". */
function hitsPhrase(key: GivenKey): RosterSentence {
  if (key.hits.length === 1) return sentence('sameKey', { name: describe(key.hits[0]!), kind: key.kind })
  return sentence('manyKey', { count: key.hits.length, kind: key.kind, text: key.text })
}

/** "Ada Ng (ada.ng@x.com)", or with the employee number as written, or the name alone. */
function describe(entry: Entry): string {
  const p = entry.holdings.person
  const detail = p.email ?? p.employeeNumber
  return detail ? `${p.name} (${detail})` : p.name
}

function union(a: readonly Entry[], b: readonly Entry[]): Entry[] {
  const out = [...a]
  for (const e of b) if (!out.includes(e)) out.push(e)
  return out
}

function refKey(ref: { type: string; id: string }): string {
  return `${ref.type}:${ref.id}`
}

function emailKey(email: string | undefined): string | undefined {
  const key = email?.trim().toLowerCase()
  return key || undefined
}

/**
 * Case, accents, punctuation and spaces ignored: "José  O'Neil" → "jose o neil" (the kiosk's
 * `words`). Most names are plain ASCII: those take a loop over char codes, which gives the same
 * key without Unicode normalisation (7,000 people are indexed in a few ms).
 */
export function nameKey(name: string | undefined): string | undefined {
  if (name === undefined) return undefined
  const key = asciiNameKey(name) ?? words(name).join(' ')
  return key || undefined
}

function asciiNameKey(name: string): string | undefined {
  let out = ''
  let gap = false
  for (let i = 0; i < name.length; i++) {
    let c = name.charCodeAt(i)
    if (c > 0x7f) return undefined
    if (c >= 65 && c <= 90) c += 32
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (gap && out.length > 0) out += ' '
      gap = false
      out += String.fromCharCode(c)
    } else gap = true
  }
  return out
}

/** Index an entry under each of its keys once (a user's two emails may be the same). */
function addTo(map: Map<string, Entry[]>, keys: (string | undefined)[], entry: Entry): void {
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]
    if (!key || keys.indexOf(key) < i) continue
    const list = map.get(key)
    if (list) list.push(entry)
    else map.set(key, [entry])
  }
}
