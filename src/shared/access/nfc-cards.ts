import { z } from 'zod'

/** NFC card (spec 2.2). Unknown fields are dropped; the ones the screens use are checked. */
export const nfcCardStatuses = ['assigned', 'pending', 'disable', 'deleted', 'loss'] as const
export type NfcCardStatus = (typeof nfcCardStatuses)[number]

/** A card's status in words (the console answers these tokens; `disable` and `loss` as spelled). */
export const nfcCardStatusWords: Record<NfcCardStatus, string> = {
  assigned: 'Assigned',
  pending: 'Pending',
  disable: 'Disabled',
  deleted: 'Deleted',
  loss: 'Lost'
}

/**
 * A card's type in words. Only `ua_card` is known (facts 6.7); any other code is shown as another
 * type, with the code itself in the card's details.
 */
export function nfcCardTypeWords(cardType: string): string {
  if (cardType === 'ua_card') return 'UniFi Access card'
  return cardType ? 'Other card type' : '—'
}

export const nfcCardOwnerSchema = z.object({
  id: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  name: z.string().optional(),
  avatar: z.string().optional()
})

export const nfcCardSchema = z.object({
  token: z.string().min(1),
  display_id: z.string(),
  status: z.enum(nfcCardStatuses),
  alias: z.string().default(''),
  card_type: z.string().default(''),
  // Only in the samples, not in the reference's schema (facts 6.6).
  note: z.string().optional(),
  user_id: z.string().default(''),
  // An unassigned card may carry "" here.
  user_type: z.enum(['USER', 'VISITOR', '']).default(''),
  // `.nullable().default(null)` rather than a transform: it keeps zod's fast path (20,000 cards).
  user: nfcCardOwnerSchema.nullable().default(null)
})
export type NfcCard = z.infer<typeof nfcCardSchema>

function sameOwner(a: NfcCard['user'], b: NfcCard['user']): boolean {
  if (a === b) return true
  if (!a || !b) return false
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.first_name === b.first_name &&
    a.last_name === b.last_name &&
    a.avatar === b.avatar
  )
}

/** The same card, field by field (every field the schema keeps, the owner's too). */
export function sameNfcCard(a: NfcCard, b: NfcCard): boolean {
  return (
    a.token === b.token &&
    a.display_id === b.display_id &&
    a.status === b.status &&
    a.alias === b.alias &&
    a.card_type === b.card_type &&
    a.note === b.note &&
    a.user_id === b.user_id &&
    a.user_type === b.user_type &&
    sameOwner(a.user, b.user)
  )
}

/** One line of an import's answer (spec 2.4): an empty token means that row failed. */
export const importRecordSchema = z.object({
  alias: z.string().default(''),
  nfc_id: z.string(),
  token: z.string()
})
export type ImportRecord = z.infer<typeof importRecordSchema>

/** Display id and token of a card as users and visitors list them (`nfc_cards[]`). */
export const heldCardSchema = z.object({
  id: z.string().default(''),
  token: z.string().min(1),
  type: z.string().default('')
})

/** A PIN as read back: only a hash (facts 6.5). `null` or absent = no PIN. */
export const heldPinSchema = z
  .object({ token: z.string() })
  .nullish()
  .transform((p) => p ?? null)
