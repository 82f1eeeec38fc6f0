import type { NfcCard, NfcCardStatus } from '../../../shared/access/nfc-cards'
import { AppError } from '../../../shared/errors'
import type { OwnerRef } from '../../../shared/owners'
import { getApi } from '../lib/api'
import { Latest } from '../lib/latest'
import { filterNeedles, nfcSearchText } from '../../../shared/nfc/card-number'

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

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

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
    return this.cards.slice().sort((a, b) => direction * collator.compare(value(a), value(b)))
  })
  private sortedTexts = $derived(this.sorted.map(searchText))

  visible = $derived.by(() => {
    const cards = this.sorted
    const texts = this.sortedTexts
    const [first, second] = filterNeedles(this.filter)
    const status = this.status
    if (first === undefined && status === 'all') return cards
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

  selected = $derived(this.cards.find((c) => c.token === this.selectedToken) ?? null)

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

  /** Cards on screen: fetch the first time, and again after a write made elsewhere. */
  show(): void {
    if (!this.loaded) void this.load()
    else if (this.staleSince && !this.loading) void this.load(true)
  }

  async load(refresh = false): Promise<void> {
    this.listen()
    const ticket = this.loads.next()
    const startedAt = Date.now()
    this.loading = true
    this.error = null
    this.notice = null
    this.progress = null
    const off = getApi().on('cards.progress', (p) => (this.progress = p))
    try {
      const [{ cards }, caps] = await Promise.all([
        getApi().cards.all({ refresh }),
        getApi()
          .cards.capabilities()
          .catch(() => ({ canEdit: true, missingPermission: undefined }))
      ])
      if (!this.loads.isCurrent(ticket)) return
      this.cards = cards
      this.canEdit = caps.canEdit
      this.missingPermission = caps.missingPermission
      this.loaded = true
      // A write announced while this fetch ran may not be in it: keep saying so.
      if (this.staleSince && this.staleSince.at <= startedAt) this.staleSince = null
    } catch (err) {
      if (this.loads.isCurrent(ticket)) this.error = AppError.from(err)
    } finally {
      off()
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
