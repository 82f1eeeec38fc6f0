import type { NfcCard } from '../../../shared/access/nfc-cards'
import { cardNfcId, filterNeedles, nfcSearchText, uidOfDecimal } from '../../../shared/nfc/card-number'
import { normaliseNfcId } from '../../../shared/nfc/uid'
import { ownerName, type CardView, type CardViewQuery, type SortKey } from '../../../shared/nfc/card-view'
import { collator as localeCollator } from '../../../shared/format/formats'
import { foldText } from '../../../shared/text/search-words'

/**
 * The Cards screen's questions answered where the cards are held. A large site's 20,000 cards were
 * sent to the screen on each open (packed, ~3.3 MB: main's JSON of them, Chromium passing them
 * between its processes, the tab parsing and rebuilding them) only to be filtered, sorted and
 * drawn a screenful at a time there. Main now keeps the order, the search texts and the filtered
 * list, and the screen asks for the rows in view: a few dozen cards per answer.
 */

/**
 * Lower-cased text a filter is matched against: what the screen shows (display id, alias, owner,
 * note) and the NFC ID the card number stands for (hex and decimal, both byte orders). Not the card's
 * 64-hex-digit token: any short name that is also hex ("Ada", "Bee") matched pieces of it and listed
 * cards with nothing to do with it; a whole token pasted in still finds its card (`kept`). Built once
 * per card object (a fetch or an edit makes new objects), never per keystroke.
 */
const searchTexts = new WeakMap<NfcCard, string>()
const NOT_ASCII = /[\u0080-\uffff]/
export function searchText(card: NfcCard): string {
  let text = searchTexts.get(card)
  if (text === undefined) {
    text = `${card.display_id}\u0000${card.alias}\u0000${ownerName(card)}\u0000${card.note ?? ''}\u0000${nfcSearchText(card.display_id)}`
    // Accents ignored both ways ("kuche" finds Küche), as every search by name (search-words.ts); folded
    // only when the text has a letter beyond ASCII, so the common card costs no normalising.
    text = NOT_ASCII.test(text) ? foldText(text) : text.toLowerCase()
    searchTexts.set(card, text)
  }
  return text
}

const collator = localeCollator(undefined, { numeric: true, sensitivity: 'base' })
const DIGITS = /^[0-9]+$/

/**
 * Positions of `keys` in the collator's order (stable), with a shortcut for the common case of two
 * plain numbers (display ids): compared by value, as the numeric collator does, without ICU. Sorting
 * 20,000 shuffled display ids with the collator alone took ~90 ms. Undefined: already in order.
 */
function reorder(keys: string[], direction: 1 | -1): number[] | undefined {
  if (plainNumbersInOrder(keys, direction)) return undefined
  // A plain number without its leading zeros; undefined for any other text.
  const numbers = keys.map((k) => (DIGITS.test(k) ? (k.charCodeAt(0) === 48 ? k.replace(/^0+/, '') : k) : undefined))
  const compare = (i: number, j: number) => {
    const x = numbers[i]
    const y = numbers[j]
    if (x !== undefined && y !== undefined) {
      if (x.length !== y.length) return direction * (x.length - y.length)
      return x === y ? 0 : direction * (x < y ? -1 : 1)
    }
    return direction * collator.compare(keys[i]!, keys[j]!)
  }
  // Consoles list cards by number: a list already in order is checked in one pass, not sorted.
  let inOrder = true
  for (let i = 1; i < keys.length && inOrder; i++) inOrder = compare(i - 1, i) <= 0
  return inOrder ? undefined : positions(keys.length).sort(compare)
}

/**
 * Whether every key is a plain number without leading zeros and they are in order already: what
 * consoles send (display ids, by number). One loop without calls or arrays: the first open runs it
 * before the JIT has compiled anything, where the general path's closures cost several ms.
 */
function plainNumbersInOrder(keys: string[], direction: 1 | -1): boolean {
  let previous = ''
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    if (!DIGITS.test(key) || key.charCodeAt(0) === 48) return false
    if (i > 0) {
      const byLength = key.length - previous.length
      const order = byLength !== 0 ? byLength : key === previous ? 0 : key < previous ? -1 : 1
      if (direction * order < 0) return false
    }
    previous = key
  }
  return true
}

/** 0, 1, … n - 1 by a plain loop: Array.from(keys.keys()) cost ~5 ms for 20,000 on a first open. */
function positions(n: number): number[] {
  const out = new Array<number>(n)
  for (let i = 0; i < n; i++) out[i] = i
  return out
}

/** Positions of `keys` in the order the screen sorts them (see `reorder`). */
export function sortOrder(keys: string[], direction: 1 | -1 = 1): number[] {
  return reorder(keys, direction) ?? positions(keys.length)
}

/**
 * Whether a filter is an NFC ID as the filter takes one: hex of a UID's length (any case, separators,
 * 0x), or the decimal number a card prints for its UID. Short numbers ("100005") are card numbers.
 */
export function isNfcIdFilter(filter: string): boolean {
  const text = filter.trim()
  if (!text) return false
  return normaliseNfcId(text).ok || uidOfDecimal(text) !== null
}

const sortValue = (key: SortKey) => (key === 'owner' ? ownerName : (card: NfcCard) => card[key])

/** Search texts built per slice between other work, so a first keystroke finds them ready. */
const WARM_SLICE = 2000

/**
 * Answers over one list at a time (the inventory's current cards): each order is sorted once per
 * list, the last filtered list is kept for the scrolling that follows it, the counts per status
 * once per list. A new list (a fetch, an edit) starts afresh; search texts stay with the card
 * objects an edit did not replace.
 */
export class CardViews {
  private list: readonly NfcCard[] = []
  private orders = new Map<string, readonly NfcCard[]>()
  private last: { key: string; cards: readonly NfcCard[] } | undefined
  private counts: Record<string, number> | undefined
  private warming: ReturnType<typeof setTimeout> | undefined
  private warmed: readonly NfcCard[] | undefined
  private noNfcId: Map<string, number> | undefined

  answer(cards: readonly NfcCard[], complete: boolean, query: CardViewQuery): CardView {
    this.use(cards)
    // A complete list's search texts are built once this answer is on its way (the rows first), so
    // the first keystroke finds them.
    if (complete && this.warmed !== cards) this.warm(cards)
    const kept = this.kept(query)
    const selected = query.selected === undefined ? null : (cards.find((c) => c.token === query.selected) ?? null)
    return {
      filter: query.filter,
      ...(query.owner === undefined ? {} : { owner: query.owner }),
      total: cards.length,
      complete,
      matched: kept.length,
      counts: this.countByStatus(),
      offset: query.offset,
      rows: kept.slice(query.offset, query.offset + query.limit),
      selected,
      selectedIndex: selected ? kept.indexOf(selected) : -1,
      ...(kept.length === 0 && isNfcIdFilter(query.filter) ? { notNfcIds: this.notNfcIds(query.status) } : {})
    }
  }

  /**
   * Cards (of `status`, or all) whose number is no NFC ID: a filter by NFC ID cannot find them, as
   * their records carry none. Counted once per list, only when a filter by NFC ID found nothing.
   */
  private notNfcIds(status: CardViewQuery['status']): number {
    if (!this.noNfcId) {
      const counts = new Map<string, number>()
      for (const c of this.list) if (!cardNfcId(c.display_id)) counts.set(c.status, (counts.get(c.status) ?? 0) + 1)
      this.noNfcId = counts
    }
    if (status !== 'all') return this.noNfcId.get(status) ?? 0
    let sum = 0
    for (const n of this.noNfcId.values()) sum += n
    return sum
  }

  /** Build the list's search texts in slices, between other work (the screen's questions come first). */
  private warm(cards: readonly NfcCard[]): void {
    this.warmed = cards
    if (this.warming) clearTimeout(this.warming)
    let next = 0
    const slice = () => {
      this.warming = undefined
      if (this.list !== cards) return
      const end = Math.min(cards.length, next + WARM_SLICE)
      for (; next < end; next++) searchText(cards[next]!)
      if (next < cards.length) this.warming = setTimeout(slice, 0)
    }
    this.warming = setTimeout(slice, 0)
  }

  private use(cards: readonly NfcCard[]): void {
    if (cards === this.list) return
    this.list = cards
    this.orders.clear()
    this.last = undefined
    this.counts = undefined
    this.noNfcId = undefined
  }

  private order(key: SortKey, descending: boolean): readonly NfcCard[] {
    const id = `${key}:${descending}`
    let sorted = this.orders.get(id)
    if (!sorted) {
      const cards = this.list
      // Each card's sort text read once, not twice per comparison (the owner's name is built).
      const order = reorder(cards.map(sortValue(key)), descending ? -1 : 1)
      // Already in that order (the console's own, by number): the list itself, not a copy of it.
      sorted = order ? order.map((i) => cards[i]!) : cards
      this.orders.set(id, sorted)
    }
    return sorted
  }

  /** The cards the filter and status keep, in the order asked (a filtered sorted list stays sorted). */
  private kept(query: CardViewQuery): readonly NfcCard[] {
    const key = `${query.sortKey}:${query.descending}:${query.status}:${query.owner ?? ''}:${query.filter}`
    if (this.last?.key === key) return this.last.cards
    const sorted = this.order(query.sortKey, query.descending)
    const [first, second] = filterNeedles(foldText(query.filter))
    const status = query.status
    let cards = sorted
    const owner = query.owner
    if (first !== undefined || status !== 'all' || owner !== undefined) {
      const out: NfcCard[] = []
      for (const card of sorted) {
        if (status !== 'all' && card.status !== status) continue
        if (owner !== undefined && card.user_id !== owner) continue
        if (first !== undefined) {
          const text = searchText(card)
          const matches = text.includes(first) || (second !== undefined && text.includes(second))
          // A whole token pasted in: compared only at a token's length (lower-casing 20,000 tokens per
          // keystroke made a string each, and their garbage was most of a keystroke's time).
          if (!matches && (first.length !== card.token.length || card.token.toLowerCase() !== first)) continue
        }
        out.push(card)
      }
      cards = out
    }
    this.last = { key, cards }
    return cards
  }

  private countByStatus(): Record<string, number> {
    if (!this.counts) {
      // A Map while counting: an object's keyed increments took ~14 ms for 20,000 cards on a first open.
      const counts = new Map<string, number>()
      for (const c of this.list) counts.set(c.status, (counts.get(c.status) ?? 0) + 1)
      this.counts = Object.fromEntries(counts)
    }
    return this.counts
  }
}
