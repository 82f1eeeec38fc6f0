import { z } from 'zod'
import { nfcCardStatuses, type NfcCard } from './nfc-cards'

/**
 * An NFC card as `cards.page` carries it from main to the screen: a tuple, not an object. An open
 * of a 20,000-card site sends every card across; as objects, their field names and the owner's id
 * (the card's `user_id` again) were over half of the 6.6 MB that main serialised, the tab decoded
 * and parsed, and Chromium passed between its processes. As tuples the same cards are ~47% of that,
 * and each side's JSON (or Electron's structured clone) of arrays of strings is cheaper than of
 * objects. Every field survives: `unpackNfcCard(packNfcCard(card))` equals `card`, absent fields
 * stay absent.
 *
 * [token, display_id, status, alias, card_type, note, user_id, user_type, owner]
 * - `note`: null when the console sent none;
 * - `owner`: null for no owner; else [first_name, last_name, name, avatar] when the owner's id is
 *   the card's `user_id` (always, on the consoles seen), or [first_name, last_name, name, avatar, id]
 *   when it is not; null for a field the console left out.
 */
const maybe = z.string().nullable()
const packedOwnerSchema = z.union([z.tuple([maybe, maybe, maybe, maybe]), z.tuple([maybe, maybe, maybe, maybe, maybe])])

export const packedNfcCardSchema = z.tuple([
  z.string().min(1),
  z.string(),
  z.enum(nfcCardStatuses),
  z.string(),
  z.string(),
  maybe,
  z.string(),
  z.enum(['USER', 'VISITOR', '']),
  packedOwnerSchema.nullable()
])
export type PackedNfcCard = z.infer<typeof packedNfcCardSchema>
type PackedOwner = z.infer<typeof packedOwnerSchema>

export function packNfcCard(card: NfcCard): PackedNfcCard {
  const u = card.user
  let owner: PackedOwner | null = null
  if (u) {
    const fields = [u.first_name ?? null, u.last_name ?? null, u.name ?? null, u.avatar ?? null] as const
    owner = u.id === card.user_id ? [...fields] : [...fields, u.id ?? null]
  }
  return [
    card.token,
    card.display_id,
    card.status,
    card.alias,
    card.card_type,
    card.note ?? null,
    card.user_id,
    card.user_type,
    owner
  ]
}

/** The card `packNfcCard` was given, with its fields in the order the console's schema has them. */
export function unpackNfcCard(packed: PackedNfcCard): NfcCard {
  const [token, display_id, status, alias, card_type, note, user_id, user_type, owner] = packed
  let user: NfcCard['user'] = null
  if (owner) {
    const id = owner.length === 4 ? user_id : owner[4]
    user = {}
    if (id !== null) user.id = id
    if (owner[0] !== null) user.first_name = owner[0]
    if (owner[1] !== null) user.last_name = owner[1]
    if (owner[2] !== null) user.name = owner[2]
    if (owner[3] !== null) user.avatar = owner[3]
  }
  return note === null
    ? { token, display_id, status, alias, card_type, user_id, user_type, user }
    : { token, display_id, status, alias, card_type, note, user_id, user_type, user }
}
