import { nfcCardStatuses, type NfcCard, type NfcCardStatus } from '../../../shared/access/nfc-cards'

/**
 * A page of cards read in one plain loop: the same rules as `z.array(nfcCardSchema).nullish()`
 * (every field the app uses checked, defaults filled, unknown fields dropped), at a tenth of its
 * cost. 20,000 cards go through here per refresh: zod's per-object machinery cost ~6 ms CPU per
 * 20 pages plus the garbage of its intermediate copies, more than the rest of the client's own
 * work. `test/unit/access/nfc-card-page.test.ts` checks with generated inputs that this and
 * `nfcCardSchema` accept the same cards and build the same objects.
 *
 * A card that has exactly the nine fields, all right (what consoles send), is kept as parsed; any
 * other becomes one object of a fixed shape (all its keys, in one order). Either way the cards of a
 * console share one hidden class in V8: cheaper to hold, to send to the renderer and to filter there.
 */

import { DataIssue, type DataReader } from './data-reader'

const statuses = new Set<string>(nfcCardStatuses)
const userTypes = new Set<string>(['USER', 'VISITOR', ''])

type Owner = NonNullable<NfcCard['user']>

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A string field that may be absent (zod's `.optional()` / `.default('')`): anything else is refused.
 * The path is built only for a refusal: an array per field and card was most of this file's cost.
 */
function optionalString(value: unknown, index: number, field: string, owner = false): string | undefined {
  if (value === undefined || typeof value === 'string') return value
  throw new DataIssue(owner ? [index, 'user', field] : [index, field], 'expected a string')
}

function readOwner(value: unknown, index: number): Owner | null {
  if (value === undefined || value === null) return null
  if (!isRecord(value)) throw new DataIssue([index, 'user'], 'expected an owner object or null')
  const id = optionalString(value.id, index, 'id', true)
  const first = optionalString(value.first_name, index, 'first_name', true)
  const last = optionalString(value.last_name, index, 'last_name', true)
  const name = optionalString(value.name, index, 'name', true)
  const avatar = optionalString(value.avatar, index, 'avatar', true)
  // A console sends all five (one object shape for every owner); otherwise only the keys present,
  // as zod builds it (an absent optional key stays absent).
  if (id !== undefined && first !== undefined && last !== undefined && name !== undefined && avatar !== undefined) {
    return { id, first_name: first, last_name: last, name, avatar }
  }
  const owner: Owner = {}
  if (id !== undefined) owner.id = id
  if (first !== undefined) owner.first_name = first
  if (last !== undefined) owner.last_name = last
  if (name !== undefined) owner.name = name
  if (avatar !== undefined) owner.avatar = avatar
  return owner
}

/** One card as `nfcCardSchema` reads it; throws a DataIssue for the first thing wrong with it. */
function readCard(value: unknown, index: number): NfcCard {
  if (!isRecord(value)) throw new DataIssue([index], 'expected a card object')
  const { token, display_id, status, user_type } = value
  if (typeof token !== 'string' || token === '') throw new DataIssue([index, 'token'], 'expected a non-empty string')
  if (typeof display_id !== 'string') throw new DataIssue([index, 'display_id'], 'expected a string')
  if (typeof status !== 'string' || !statuses.has(status)) {
    throw new DataIssue([index, 'status'], `expected one of ${nfcCardStatuses.join(', ')}`)
  }
  const alias = optionalString(value.alias, index, 'alias')
  const cardType = optionalString(value.card_type, index, 'card_type')
  const note = optionalString(value.note, index, 'note')
  const userId = optionalString(value.user_id, index, 'user_id')
  if (user_type !== undefined && (typeof user_type !== 'string' || !userTypes.has(user_type))) {
    throw new DataIssue([index, 'user_type'], 'expected USER, VISITOR or an empty string')
  }
  // Every key, always in this order: one hidden class for all cards (note may hold undefined).
  return {
    token,
    display_id,
    status: status as NfcCardStatus,
    alias: alias ?? '',
    card_type: cardType ?? '',
    note,
    user_id: userId ?? '',
    user_type: (user_type ?? '') as NfcCard['user_type'],
    user: readOwner(value.user, index)
  }
}

/** Own enumerable keys, counted without building their list. */
function keyCount(value: object): number {
  let n = 0
  for (const _ in value) n++
  return n
}

/**
 * A card as consoles send it, read in one function without calls: every field present and of its
 * type, the owner whole or null. Anything else (a default to fill, a field to refuse) is left to
 * readCard, which says what is wrong. The first fetch after a start runs this code before the JIT
 * has compiled it, where readCard's call per field is slow: 20,000 cards read cold took 19–40 ms
 * through readCard alone, 11–12 ms with this first (and 2–3 ms warm).
 */
function plainCard(value: Record<string, unknown>): NfcCard | undefined {
  const { token, display_id, status, alias, card_type, note, user_id, user_type, user } = value
  if (
    typeof token !== 'string' ||
    token === '' ||
    typeof display_id !== 'string' ||
    typeof status !== 'string' ||
    !statuses.has(status) ||
    typeof alias !== 'string' ||
    typeof card_type !== 'string' ||
    (note !== undefined && typeof note !== 'string') ||
    typeof user_id !== 'string' ||
    typeof user_type !== 'string' ||
    !userTypes.has(user_type)
  ) {
    return undefined
  }
  let owner: Owner | null = null
  if (user !== undefined && user !== null) {
    if (typeof user !== 'object' || Array.isArray(user)) return undefined
    const { id, first_name, last_name, name, avatar } = user as Record<string, unknown>
    if (
      typeof id !== 'string' ||
      typeof first_name !== 'string' ||
      typeof last_name !== 'string' ||
      typeof name !== 'string' ||
      typeof avatar !== 'string'
    ) {
      return undefined
    }
    owner = keyCount(user) === 5 ? (user as Owner) : { id, first_name, last_name, name, avatar }
  }
  // Exactly the card's nine keys, each checked above: the object as parsed is the card (no copy to
  // make, hold and collect). A console's JSON objects share one hidden class as our copies would.
  if (typeof note === 'string' && owner === user && keyCount(value) === 9) return value as unknown as NfcCard
  // The same keys in the same order as readCard builds: one hidden class for every card.
  return {
    token,
    display_id,
    status: status as NfcCardStatus,
    alias,
    card_type,
    note,
    user_id,
    user_type: user_type as NfcCard['user_type'],
    user: owner
  }
}

/** A page's `data` (absent or null = no cards); throws a DataIssue for the first card refused. */
export function readCardPage(data: unknown): NfcCard[] {
  if (data === undefined || data === null) return []
  if (!Array.isArray(data)) throw new DataIssue([], 'expected a list of cards')
  const out = new Array<NfcCard>(data.length)
  for (let i = 0; i < data.length; i++) {
    const value: unknown = data[i]
    const plain =
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? plainCard(value as Record<string, unknown>)
        : undefined
    out[i] = plain ?? readCard(value, i)
  }
  return out
}

/**
 * What the HTTP layer takes as `data:` for a page of cards: a plain reader, not a zod transform
 * (data-reader.ts says why). A refusal becomes the usual "unexpected field" error, naming the
 * card's index and field.
 */
export const cardPageReader: DataReader<NfcCard[]> = { read: readCardPage }
