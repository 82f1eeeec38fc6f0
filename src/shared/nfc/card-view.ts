import { z } from 'zod'
import { nfcCardSchema, nfcCardStatuses, type NfcCard } from '../access/nfc-cards'
import { personName } from '../person-name'

/**
 * What the Cards screen asks main for: the cards a filter, a status and an order keep, a window of
 * them at a time. Main holds the inventory (20,000 cards on a large site) and answers each question
 * with the rows in view only: the whole list never crosses to the screen (see card-view.ts in main).
 */
const cardSortKeys = ['display_id', 'alias', 'status', 'card_type', 'owner'] as const
export type SortKey = (typeof cardSortKeys)[number]

/** Rows one answer may carry: a few screenfuls around the view. */
export const MAX_VIEW_ROWS = 500

/**
 * The Cards screen sends every field; a person at the CLI types what they mean (`--filter lobby
 * --limit 20`) and the rest is what the screen opens with: every status, by number, from the top.
 */
export const cardViewQuerySchema = z.object({
  filter: z.string().max(200).default(''),
  /**
   * Only the cards of this holder (a user's or visitor's id): a person opened from another screen
   * (Consoles → Find) is told apart from anyone who shares their name, which a filter by name is not.
   */
  owner: z.string().min(1).max(200).optional(),
  status: z.enum([...nfcCardStatuses, 'all']).default('all'),
  sortKey: z.enum(cardSortKeys).default('display_id'),
  descending: z.boolean().default(false),
  /** The window: positions in the filtered, sorted list. */
  offset: z.number().int().nonnegative().default(0),
  limit: z.number().int().nonnegative().max(MAX_VIEW_ROWS).default(100),
  /** The card the screen has selected: its position and its current state come back with the answer. */
  selected: z.string().min(1).max(200).optional()
})
export type CardViewQuery = z.infer<typeof cardViewQuerySchema>

export const cardViewSchema = z.object({
  /** The filter this answer is for (a screen shows it beside the count it answers). */
  filter: z.string(),
  /** The holder this answer keeps the cards of (absent: every holder). */
  owner: z.string().optional(),
  /** Cards held: the whole inventory once read, else what has arrived so far. */
  total: z.number().int().nonnegative(),
  /** Whether `total` is the whole inventory (the first read is complete). */
  complete: z.boolean(),
  /** Cards the filter and status keep. */
  matched: z.number().int().nonnegative(),
  /** Cards per status over the whole list held (the status menu's counts). */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  offset: z.number().int().nonnegative(),
  rows: z.array(nfcCardSchema),
  /** The selected card as held now (null: no longer held), and its position in the kept list (-1: filtered out). */
  selected: nfcCardSchema.nullable(),
  selectedIndex: z.number().int(),
  /**
   * Only when the filter is an NFC ID (hex, or a card's decimal number) and no card matched it: how
   * many cards of the status asked could not be compared with it, their numbers being no NFC ID (a
   * card enrolled on a networked reader that the console numbered itself; the card records carry no
   * NFC ID). The screen says so rather than a bare "no match".
   */
  notNfcIds: z.number().int().nonnegative().optional()
})
export type CardView = z.infer<typeof cardViewSchema>

export function ownerName(card: NfcCard): string {
  return card.user ? personName(card.user) : ''
}
