import type { NfcCard } from '../../../shared/access/nfc-cards'
import type { Connections } from '../connections/connections'
import type { OwnerRef } from '../../../shared/owners'
import { assignCard, unassignCard } from './card-owners'
import { probeEditPermission } from '../access/permission-probe'
import { DEFAULT_ALL_PAGE_SIZE } from '../access/pagination'

interface Snapshot {
  profileId: string | null
  cards: NfcCard[]
  fetchedAt: number
}

/** Part `index` (0-based) of the cards, as it arrives: a page of a fetch, or a slice of the cache. */
export type OnCards = (index: number, cards: NfcCard[]) => void

/** A streamed read: the parts sent, and whether they, in index order, are exactly `snapshot.cards`. */
export interface Streamed {
  snapshot: Snapshot
  parts: number
  exact: boolean
}

/** Cached cards are sent in slices of a fetched page's size, so the first rows paint as soon. */
const CACHED_SLICE = DEFAULT_ALL_PAGE_SIZE

interface Inflight {
  profileId: string | null
  promise: Promise<Snapshot>
  /** Pages received so far, by index: a caller joining the fetch is handed these first. */
  parts: NfcCard[][]
  listeners: Set<OnCards>
}

/**
 * The card inventory of the active console, fetched once per session (20,000 cards take seconds
 * on a real console) and kept in step with the edits made through the app. A profile switch or an
 * explicit refresh fetches again; concurrent callers share one fetch.
 */
export class CardInventory {
  private snapshot: Snapshot | undefined
  /** The fetch in progress, for the profile it fetches: a switch never hands out the old one. */
  private inflight: Inflight | undefined

  constructor(
    private readonly connections: Connections,
    private readonly onProgress: (loaded: number, total: number) => void,
    /** Page size of a fetch and of the slices sent from the cache (tests read small sites in several pages). */
    private readonly pageSize = CACHED_SLICE
  ) {}

  invalidate(): void {
    this.snapshot = undefined
    this.inflight = undefined
  }

  async all(refresh = false): Promise<Snapshot> {
    return (await this.stream(refresh, () => undefined)).snapshot
  }

  /**
   * Every card, handed to `onCards` in parts as they arrive (pages of a fetch, or slices of the
   * cache), so a screen can show the first rows while the rest are read. Resolves once every part
   * was handed over. Concurrent callers share one fetch: one that joins late is first handed the
   * parts already received.
   */
  async stream(refresh: boolean, onCards: OnCards): Promise<Streamed> {
    const { activeId } = await this.connections.list()
    const cached = this.snapshot
    if (!refresh && cached && cached.profileId === activeId) {
      let parts = 0
      for (let start = 0; start < cached.cards.length; start += this.pageSize) {
        onCards(parts++, cached.cards.slice(start, start + this.pageSize))
      }
      return { snapshot: cached, parts, exact: true }
    }
    let inflight = this.inflight
    if (inflight?.profileId !== activeId) inflight = this.startFetch(activeId)
    let parts = 0
    let sent = 0
    const listener: OnCards = (index, cards) => {
      parts++
      sent += cards.length
      onCards(index, cards)
    }
    inflight.parts.forEach((cards, index) => listener(index, cards))
    inflight.listeners.add(listener)
    try {
      const snapshot = await inflight.promise
      return { snapshot, parts, exact: sent === snapshot.cards.length }
    } finally {
      inflight.listeners.delete(listener)
    }
  }

  private startFetch(profileId: string | null): Inflight {
    const inflight: Inflight = {
      profileId,
      promise: undefined as unknown as Promise<Snapshot>,
      parts: [],
      listeners: new Set()
    }
    inflight.promise = this.fetch(profileId, (pageNum, cards) => {
      inflight.parts[pageNum - 1] = cards
      for (const listener of inflight.listeners) listener(pageNum - 1, cards)
    }).finally(() => {
      if (this.inflight === inflight) this.inflight = undefined
    })
    this.inflight = inflight
    return inflight
  }

  private async fetch(
    profileId: string | null,
    onPage: (pageNum: number, cards: NfcCard[]) => void
  ): Promise<Snapshot> {
    const client = await this.connections.client(profileId ?? undefined)
    const cards = await client.nfcCards.all({
      pageSize: this.pageSize,
      onPage,
      onProgress: (loaded, total) => this.onProgress(loaded, total)
    })
    this.snapshot = { profileId, cards, fetchedAt: Date.now() }
    return this.snapshot
  }

  async get(token: string): Promise<NfcCard> {
    const card = await (await this.connections.client()).nfcCards.get(token)
    this.replace(card)
    return card
  }

  async rename(token: string, alias: string): Promise<NfcCard> {
    const client = await this.connections.client()
    await client.nfcCards.update(token, { alias })
    // E8 answers "success" only: read the card back so the table shows what the console holds.
    return this.get(token)
  }

  async remove(token: string): Promise<void> {
    await (await this.connections.client()).nfcCards.remove(token)
    if (this.snapshot) this.snapshot = { ...this.snapshot, cards: this.snapshot.cards.filter((c) => c.token !== token) }
  }

  async assign(token: string, owner: OwnerRef, force = false): Promise<NfcCard> {
    await assignCard(await this.connections.client(), token, owner, force)
    return this.get(token)
  }

  /** Take the card back from its current owner (the card stays in the inventory). */
  async unassign(token: string): Promise<NfcCard> {
    const card = await this.get(token)
    if (!card.user_id || !card.user_type) return card
    await unassignCard(await this.connections.client(), token, {
      type: card.user_type === 'VISITOR' ? 'visitor' : 'user',
      id: card.user_id
    })
    return this.get(token)
  }

  /** Whether the token may edit cards (`edit:credential`), found without side effects. */
  async capabilities(): Promise<{ canEdit: boolean; missingPermission?: string }> {
    return probeEditPermission(await this.connections.client(), 'edit:credential')
  }

  private replace(card: NfcCard): void {
    if (!this.snapshot) return
    const cards = this.snapshot.cards.slice()
    const index = cards.findIndex((c) => c.token === card.token)
    if (index >= 0) cards[index] = card
    else cards.push(card)
    this.snapshot = { ...this.snapshot, cards }
  }
}
