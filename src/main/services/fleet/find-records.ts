import { AppError } from '../../../shared/errors'
import { nfcCardStatusWords, type NfcCard } from '../../../shared/access/nfc-cards'
import type { TouchPass } from '../../../shared/access/touch-passes'
import { passStatusLabel } from '../../../shared/access/touch-pass-words'
import { userDisplayName, type User } from '../../../shared/access/users'
import { visitorDisplayName, type Visitor } from '../../../shared/access/visitors'
import { FLEET_HITS_PER_CONSOLE, type FleetHit, type FleetMatch } from '../../../shared/fleet/schemas'
import { cardNfcId, uidOfDecimal } from '../../../shared/nfc/card-number'
import { ownerName } from '../../../shared/nfc/card-view'
import { normaliseNfcId } from '../../../shared/nfc/uid'
import { matchesSearch, searchRecord, searchWords } from '../../../shared/text/search-words'
import type { AccessClient } from '../access/client'

/**
 * What a find across consoles looks for, read once from what was typed:
 * - a person by name, email or employee number: the words, matched as every search by name in the
 *   app matches (shared/text/search-words.ts: any order, accents and case ignored, one field at a time);
 * - a card by its number (all digits) or its NFC ID in any form the Cards filter takes (hex in any
 *   case, with separators or 0x, either byte order, or the decimal number a card prints);
 * - a Touch Pass by its card id (16 hex digits, the dashes optional) or a piece of it of four or more
 *   hex digits ("3C4D-5E6F", "3c4d5e"): a piece written with dashes was read as an NFC ID only, and the
 *   pass it came from was not found. Such a piece is looked for both ways.
 */
export interface FindQuery {
  words: string[]
  /** All digits: a card's number. */
  cardNumber: string | null
  /** The NFC ID typed, as uppercase hex (the decimal a card prints read as its UID). */
  nfcHex: string | null
  /** A Touch Pass card id, whole or a piece of it, as uppercase hex without dashes (`1A2B3C4D5E6F7A8B`, `3C4D5E`). */
  passCardId: string | null
}

/** Hex digits with dashes or spaces between them; all digits only when a whole card id (else a card's number). */
function passCardPiece(typed: string): string | null {
  if (!/^[0-9A-Fa-f]+([\s-][0-9A-Fa-f]+)*$/.test(typed)) return null
  const compact = typed.replace(/[\s-]/g, '').toUpperCase()
  if (compact.length < 4 || compact.length > 16) return null
  if (/^\d+$/.test(compact) && compact.length < 16) return null
  return compact
}

export function readQuery(text: string): FindQuery {
  const typed = text.trim()
  const digits = /^\d+$/.test(typed) ? typed : null
  const hex = normaliseNfcId(typed)
  return {
    words: searchWords(typed),
    cardNumber: digits,
    nfcHex: hex.ok ? hex.hex : digits ? uidOfDecimal(digits) : null,
    passCardId: passCardPiece(typed)
  }
}

/** A person found: which field the words found them by. */
function personMatch(
  words: string[],
  names: string[],
  fields: { email?: string; employeeNumber?: string }
): FleetMatch | null {
  if (words.length === 0) return null
  if (matchesSearch(words, searchRecord(names))) return { by: 'name' }
  if (fields.email && matchesSearch(words, searchRecord([], [fields.email])))
    return { by: 'email', value: fields.email }
  if (fields.employeeNumber && matchesSearch(words, searchRecord([], [fields.employeeNumber])))
    return { by: 'employeeNumber', value: fields.employeeNumber }
  return null
}

/** What matched in main's English (the CLI's `matched`); the desk words `match` itself. */
export function matchedEnglish(match: FleetMatch): string {
  switch (match.by) {
    case 'name':
      return 'name'
    case 'email':
      return `email ${match.value}`
    case 'employeeNumber':
      return `employee number ${match.value}`
    case 'cardNumber':
      return 'card number'
    case 'nfcId':
      return match.reversed ? `NFC ID ${match.hex} (typed in the other byte order)` : `NFC ID ${match.hex}`
    case 'cardId':
      return match.part ? `part of card id ${match.cardId}` : 'card id'
  }
}

export function userHit(user: User, query: FindQuery): FleetHit | null {
  const email = user.user_email || user.email || ''
  const match = personMatch(query.words, [user.first_name, user.last_name], {
    email,
    employeeNumber: user.employee_number
  })
  if (!match) return null
  const name = userDisplayName(user)
  return {
    kind: 'user',
    id: user.id,
    title: name,
    detail: [email, user.employee_number ? `employee ${user.employee_number}` : ''].filter(Boolean).join(' · '),
    matched: matchedEnglish(match),
    facts: { ...(email && { email }), ...(user.employee_number && { employeeNumber: user.employee_number }) },
    match
  }
}

export function visitorHit(visitor: Visitor, query: FindQuery): FleetHit | null {
  const match = personMatch(query.words, [visitor.first_name, visitor.last_name], { email: visitor.email })
  if (!match) return null
  return {
    kind: 'visitor',
    id: visitor.id,
    title: visitorDisplayName(visitor),
    detail: ['visitor', visitor.email, visitor.visitor_company].filter(Boolean).join(' · '),
    matched: matchedEnglish(match),
    facts: {
      ...(visitor.email && { email: visitor.email }),
      ...(visitor.visitor_company && { company: visitor.visitor_company })
    },
    match
  }
}

export function cardHit(card: NfcCard, query: FindQuery): FleetHit | null {
  let match: FleetMatch | null = null
  if (query.cardNumber !== null && card.display_id === query.cardNumber) match = { by: 'cardNumber' }
  else if (query.nfcHex !== null) {
    const nfc = cardNfcId(card.display_id)
    if (nfc?.hex === query.nfcHex) match = { by: 'nfcId', hex: nfc.hex, reversed: false }
    else if (nfc?.reversed === query.nfcHex) match = { by: 'nfcId', hex: nfc.hex, reversed: true }
  }
  if (!match) return null
  const owner = ownerName(card)
  return {
    kind: 'card',
    id: card.token,
    title: `Card ${card.display_id}`,
    number: card.display_id,
    detail: [nfcCardStatusWords[card.status], owner, card.alias].filter(Boolean).join(' · '),
    matched: matchedEnglish(match),
    facts: { cardStatus: card.status, ...(owner && { holder: owner }), ...(card.alias && { label: card.alias }) },
    match,
    cardFilter: card.display_id
  }
}

export function passHit(pass: TouchPass, query: FindQuery): FleetHit | null {
  if (query.passCardId === null) return null
  const id = pass.card_id.replaceAll('-', '').toUpperCase()
  if (!id.includes(query.passCardId)) return null
  const match: FleetMatch = { by: 'cardId', cardId: pass.card_id, part: id !== query.passCardId }
  return {
    kind: 'touchPass',
    id: pass.id,
    title: `Touch Pass ${pass.card_id}`,
    number: pass.card_id,
    detail: [passStatusLabel(pass), pass.user_name || 'not assigned', pass.card_name].filter(Boolean).join(' · '),
    matched: matchedEnglish(match),
    facts: {
      passStatus: pass.status === 'INACTIVE' && pass.user_id ? 'inactiveHeld' : pass.status,
      ...(pass.user_name && { holder: pass.user_name }),
      ...(pass.card_name && { label: pass.card_name })
    },
    match
  }
}

/** What each read looks through, in words, for a note of what could not be searched. */
const readNames = ['People', 'Visitors', 'Cards', 'Touch Passes'] as const

/**
 * A read the console refused for this token (a key it lacks) or does not offer (too old): the rest is
 * still searched, and the note says what was not and why. Anything else (no answer, errors) is the
 * console's failure: thrown.
 */
async function orSkipped<T>(read: Promise<T[]>, what: string, skipped: string[]): Promise<T[]> {
  try {
    return await read
  } catch (err) {
    const e = AppError.from(err)
    if (e.kind !== 'permission' && e.kind !== 'unsupported') throw e
    const key = e.details?.['permission']
    skipped.push(
      e.kind === 'permission' && typeof key === 'string'
        ? `${what} not searched: the token lacks ${key}.`
        : `${what} not searched: ${e.message}`
    )
    return []
  }
}

/**
 * Look on one console: its people and visitors always, its cards only for a number or an NFC ID,
 * its Touch Passes only for a pass card id (a large site's 20,000 cards are not read for a name).
 * The first FLEET_HITS_PER_CONSOLE hits are kept, the rest counted.
 */
export async function findOnConsole(
  client: AccessClient,
  query: FindQuery,
  signal: AbortSignal
): Promise<{ hits: FleetHit[]; more: number; notSearched?: string[]; notNfcIds?: number }> {
  const options = { signal }
  const skipped: string[] = []
  const none = Promise.resolve([])
  const [users, visitors, cards, passes] = await Promise.all([
    orSkipped(query.words.length ? client.users.all(options) : none, readNames[0], skipped),
    orSkipped(query.words.length ? client.visitors.all(options) : none, readNames[1], skipped),
    orSkipped(
      query.cardNumber !== null || query.nfcHex !== null ? client.nfcCards.all(options) : none,
      readNames[2],
      skipped
    ),
    orSkipped(query.passCardId !== null ? client.touchPasses.all(options) : none, readNames[3], skipped)
  ])
  const hits = [
    ...cards.map((c) => cardHit(c, query)),
    ...passes.map((p) => passHit(p, query)),
    ...users.map((u) => userHit(u, query)),
    ...visitors.map((v) => visitorHit(v, query))
  ].filter((hit): hit is FleetHit => hit !== null)
  // An NFC ID found on no card: the cards whose number is no NFC ID (a UA card numbered by the console)
  // could not be compared with it, and a bare "Nothing found" would say they were (walk C). All digits
  // are looked for as a card's number first: nothing found by a number is nothing found.
  const uncompared =
    hits.length === 0 &&
    query.nfcHex !== null &&
    query.cardNumber === null &&
    !skipped.some((note) => note.startsWith(readNames[2]))
      ? cards.filter((c) => !cardNfcId(c.display_id)).length
      : undefined
  return {
    hits: hits.slice(0, FLEET_HITS_PER_CONSOLE),
    more: Math.max(0, hits.length - FLEET_HITS_PER_CONSOLE),
    ...(skipped.length ? { notSearched: skipped } : {}),
    ...(uncompared === undefined ? {} : { notNfcIds: uncompared })
  }
}
