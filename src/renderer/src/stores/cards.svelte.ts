import type { NfcCard, NfcCardStatus } from '../../../shared/access/nfc-cards'
import { AppError } from '../../../shared/errors'
import type { OwnerRef } from '../../../shared/owners'
import { getApi } from '../lib/api'
import { Latest } from '../lib/latest'
import { throttled } from '../lib/throttle'
import { filterNeedles, nfcSearchText } from '../../../shared/nfc/card-number'
import { keepUnchanged, streamCards } from './card-stream'

/** The "N of 20,000" read so far is redrawn at most this often while the cards arrive (a page each ~15 ms). */
const PROGRESS_EVERY_MS = 200

export type SortKey = 'display_id' | 'alias' | 'status' | 'card_type' | 'owner'

export function ownerName(card: NfcCard): string {
  const u = card.user
  if (!u) return ''
  return u.name || [u.first_name, u.last_name].filter(Boolean).join(' ')
}

/**
 * Lower-cased text a filter is matched against: display id, alias, owner, note, and the NFC ID the
 * card number stands for (hex and decimal, both byte orders). Built once per card object (a fetch
 * or an edit makes new objects), never per keystroke.
 */
const searchTexts = new WeakMap<NfcCard, string>()
function searchText(card: NfcCard): string {
  let text = searchTexts.get(card)
  if (text === undefined) {
    text =
      `${card.display_id}\u0000${card.alias}\u0000${ownerName(card)}\u0000${card.token}\u0000${card.note ?? ''}\u0000${nfcSearchText(card.display_id)}`.toLowerCase()
    searchTexts.set(card, text)
  }
  return text
}

/**
 * Build the cards' search texts while the page is idle, a slice at a time, so the first keystroke
 * finds them built and opening the screen never waits for them.
 */
function warmSearch(cards: NfcCard[]): void {
  const idle =
    globalThis.requestIdleCallback ??
    ((run: (deadline: { timeRemaining(): number }) => void) => setTimeout(() => run({ timeRemaining: () => 8 }), 1))
  let next = 0
  const slice = (deadline: { timeRemaining(): number }) => {
    while (next < cards.length && deadline.timeRemaining() > 1) {
      const end = Math.min(cards.length, next + 500)
      for (; next < end; next++) searchText(cards[next]!)
    }
    if (next < cards.length) idle(slice)
  }
  idle(slice)
}

/** Run `run` once the frame being prepared now (the rows just given to Svelte) is painted. */
function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0))
  else setTimeout(run, 0)
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })
const DIGITS = /^[0-9]+$/

/**
 * Positions of `keys` in the collator's order (stable), with a shortcut for the common case of two
 * plain numbers (display ids): compared by value, as the numeric collator does, without ICU. Sorting
 * 20,000 shuffled display ids with the collator alone took ~90 ms.
 */
export function sortOrder(keys: string[], direction: 1 | -1 = 1): number[] {
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
  const order = Array.from(keys.keys())
  // Consoles list cards by number: a list already in order is checked in one pass, not sorted.
  let inOrder = true
  for (let i = 1; i < order.length && inOrder; i++) inOrder = compare(i - 1, i) <= 0
  return inOrder ? order : order.sort(compare)
}

const NOT_HELD = { cards: null, version: 0 }

/** The card inventory as the Cards screen shows it: fetched once, then filtered and sorted locally. */
export class CardsStore {
  cards = $state.raw<NfcCard[]>([])
  loading = $state(false)
  loaded = $state(false)
  progress = $state.raw<{ loaded: number; total: number } | null>(null)
  error = $state<AppError | null>(null)
  filter = $state('')
  status = $state<NfcCardStatus | 'all'>('all')
  sortKey = $state<SortKey>('display_id')
  sortDescending = $state(false)
  canEdit = $state(true)
  missingPermission = $state<string | undefined>(undefined)
  selectedToken = $state<string | null>(null)
  /** A write to the console's cards made elsewhere in the app since the last fetch (main says cards.stale). */
  staleSince = $state.raw<{ what: string; at: number } | null>(null)
  /** The message shown once a card is deleted ("Card 0042 deleted."). */
  notice = $state<string | null>(null)
  private listeningTo: unknown = null
  /** The list main sent, as shown, and its version: a refresh says it holds it (see streamCards). */
  private held: { cards: NfcCard[] | null; version: number } = NOT_HELD

  /** Hear cards.stale from the first load on, whether or not Cards is on screen. */
  private listen(): void {
    const api = getApi()
    if (this.listeningTo === api) return
    this.listeningTo = api
    api.on('cards.stale', (stale) => {
      if (this.loaded) this.staleSince = stale
    })
  }

  /**
   * Every card in the chosen order, with its search text at the same position: both are built once
   * per fetch, edit or sort change. A keystroke then only filters (a filtered sorted list stays
   * sorted): no sort and no text building per keystroke over 20,000 cards.
   */
  private sorted = $derived.by(() => {
    const key = this.sortKey
    const value = key === 'owner' ? ownerName : (c: NfcCard) => c[key]
    const direction = this.sortDescending ? -1 : 1
    // Each card's sort text read once, not twice per comparison (the owner's name is built).
    const cards = this.cards
    return sortOrder(cards.map(value), direction).map((i) => cards[i]!)
  })
  /** Read only once a filter is typed: 20,000 texts are built then (or in idle time, see warmSearch). */
  private sortedTexts = $derived(this.sorted.map(searchText))

  visible = $derived.by(() => {
    const cards = this.sorted
    const [first, second] = filterNeedles(this.filter)
    const status = this.status
    if (first === undefined && status === 'all') return cards
    // Not read without a filter: opening the screen does not wait for the search texts.
    const texts = first === undefined ? [] : this.sortedTexts
    const out: NfcCard[] = []
    for (let i = 0; i < cards.length; i++) {
      const card = cards[i]!
      if (status !== 'all' && card.status !== status) continue
      if (first !== undefined) {
        const text = texts[i]!
        if (!text.includes(first) && (second === undefined || !text.includes(second))) continue
      }
      out.push(card)
    }
    return out
  })

  selected = $derived.by(() => {
    // Read once, not per card: each read of a $state is a signal read, 20,000 of them per new list.
    const token = this.selectedToken
    return token === null ? null : (this.cards.find((c) => c.token === token) ?? null)
  })

  countsByStatus = $derived.by(() => {
    const counts: Record<string, number> = {}
    for (const c of this.cards) counts[c.status] = (counts[c.status] ?? 0) + 1
    return counts
  })

  /** Another console: its cards (and their tokens) must not stay on screen or be acted on. */
  reset(): void {
    this.loads.cancelAll()
    this.loading = false
    this.cards = []
    this.held = NOT_HELD
    this.loaded = false
    this.progress = null
    this.error = null
    this.selectedToken = null
    this.staleSince = null
    this.notice = null
    this.canEdit = true
    this.missingPermission = undefined
  }

  private readonly loads = new Latest()

  /** The first cards are on screen while the rest of the first load arrives. */
  get streaming(): boolean {
    return this.loading && !this.loaded && this.cards.length > 0
  }

  /**
   * Cards on screen: the first time they stream in; after that the cards held are shown at once and
   * read again in the background (the list stays usable and is swapped when the new one is complete).
   */
  show(): void {
    if (!this.loaded && !this.loading) void this.load()
    else if (this.loaded && !this.loading) void this.load(true)
  }

  async load(refresh = false): Promise<void> {
    this.listen()
    const ticket = this.loads.next()
    const startedAt = Date.now()
    // Cards already on screen stay there, filterable, until the new list is complete.
    const background = this.loaded
    this.loading = true
    this.error = null
    this.notice = null
    this.progress = null
    const progress = throttled(PROGRESS_EVERY_MS, (p: { loaded: number; total: number }) => (this.progress = p))
    const off = getApi().on('cards.progress', (p) => progress.push(p))
    try {
      // Asked once the first cards are painted: the console answers one request at a time, and the
      // first page is what the screen waits for; then main, the console and this tab would all be at
      // work on it while the first rows are drawn, on a desk PC's few cores.
      let capabilities: Promise<{ canEdit: boolean; missingPermission?: string }> | undefined
      const askCapabilities = () =>
        (capabilities ??= getApi()
          .cards.capabilities()
          .catch(() => ({ canEdit: true, missingPermission: undefined })))
      // A background refresh shows nothing until it is complete: no partial lists are put together.
      // It says which list is on screen, if it is still the one main sent (an edit here makes a new one).
      const shown = this.cards
      const read = await streamCards(
        refresh,
        background
          ? undefined
          : (partial) => {
              if (this.loads.isCurrent(ticket)) this.cards = partial
              afterPaint(askCapabilities)
            },
        background && shown === this.held.cards ? this.held.version : undefined
      )
      const caps = await askCapabilities()
      if (!this.loads.isCurrent(ticket)) return
      if ('unchanged' in read) {
        // The console has exactly the cards on screen, so none were sent: they stay, and are still
        // main's list unless one was edited here meanwhile.
        this.held = this.cards === shown ? { cards: shown, version: read.version } : NOT_HELD
      } else {
        this.cards = background ? keepUnchanged(this.cards, read.cards) : read.cards
        this.held = { cards: this.cards, version: read.version }
      }
      warmSearch(this.cards)
      this.canEdit = caps.canEdit
      this.missingPermission = caps.missingPermission
      this.loaded = true
      // A write announced while this fetch ran may not be in it: keep saying so.
      if (this.staleSince && this.staleSince.at <= startedAt) this.staleSince = null
    } catch (err) {
      if (this.loads.isCurrent(ticket)) {
        this.error = AppError.from(err)
        // Part of a first load is not the inventory: nothing is shown rather than a list cut short.
        if (!background) this.cards = []
      }
    } finally {
      off()
      progress.stop()
      if (this.loads.isCurrent(ticket)) this.loading = false
    }
  }

  sortBy(key: SortKey): void {
    if (this.sortKey === key) this.sortDescending = !this.sortDescending
    else {
      this.sortKey = key
      this.sortDescending = false
    }
  }

  async rename(token: string, alias: string): Promise<void> {
    this.put(await getApi().cards.rename({ token, alias }))
  }

  private put(updated: NfcCard): void {
    this.cards = this.cards.map((c) => (c.token === updated.token ? updated : c))
  }

  async assign(token: string, owner: OwnerRef, force = false): Promise<void> {
    this.put(await getApi().cards.assign({ token, owner, force }))
  }

  async unassign(token: string): Promise<void> {
    this.put(await getApi().cards.unassign({ token }))
  }

  async remove(token: string): Promise<void> {
    const card = this.cards.find((c) => c.token === token)
    await getApi().cards.delete({ token })
    this.cards = this.cards.filter((c) => c.token !== token)
    // Removed from the console, not set to status "deleted": say so, as the card leaves the list.
    this.notice = `Card ${card?.display_id || token} deleted: the console no longer has it.`
    if (this.selectedToken === token) this.selectedToken = null
  }
}

export const cardsStore = new CardsStore()
