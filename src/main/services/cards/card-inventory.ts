import { sameNfcCards, type NfcCard } from '../../../shared/access/nfc-cards'
import type { Connections } from '../connections/connections'
import type { OwnerRef } from '../../../shared/owners'
import { assignCard, unassignCard } from './card-owners'
import { probeEditPermission } from '../access/permission-probe'
import { DEFAULT_ALL_PAGE_SIZE } from '../access/pagination'
import type { AccessClient } from '../access/client'
import { AppError } from '../../../shared/errors'

/** Whether the parts, in index order, are exactly `cards` (the same objects in the same order). */
function sameInOrder(parts: NfcCard[][], cards: NfcCard[]): boolean {
  let i = 0
  for (const part of parts) {
    if (!part) continue
    for (const card of part) if (cards[i++] !== card) return false
  }
  return i === cards.length
}

/** Each token once, the first kept (a console may repeat a card within a page). */
function uniqueCards(cards: NfcCard[]): NfcCard[] {
  const seen = new Set<string>()
  return cards.filter((c) => !seen.has(c.token) && Boolean(seen.add(c.token)))
}

/**
 * The first cards as part 1 gave them, then the rest of `pages`: what the parts add up to (each
 * card is one read of it, as with any page). When the list held still, page 1 starts with those
 * cards in the same order and they are put in its place (no pass over 20,000 cards); otherwise
 * they go first and the pages follow without them.
 */
function withHead(head: NfcCard[], pages: NfcCard[], given: Set<string>): NfcCard[] {
  if (head.length <= pages.length && head.every((card, i) => pages[i]!.token === card.token)) {
    head.forEach((card, i) => (pages[i] = card))
    return pages
  }
  return [...head, ...pages.filter((c) => !given.has(c.token))]
}

interface Snapshot {
  profileId: string | null
  cards: NfcCard[]
  fetchedAt: number
  /**
   * Which kept list this is: a new number each time the list is fetched or changed here. A screen
   * that shows version N says so when it refreshes, and hears "unchanged" instead of the cards again.
   */
  version: number
}

/** Part `index` (0-based) of the cards, as it arrives: a page of a fetch, or a slice of the cache. */
export type OnCards = (index: number, cards: NfcCard[]) => void

/**
 * A streamed read: the parts sent, and whether they, in index order, are exactly `snapshot.cards`;
 * `unchanged`: the caller holds this very list already (see `stream`), and no part was sent.
 */
export interface Streamed {
  snapshot: Snapshot
  parts: number
  exact: boolean
  unchanged?: true
}

/** Cached cards are sent in slices of a fetched page's size, so the first rows paint as soon. */
const CACHED_SLICE = DEFAULT_ALL_PAGE_SIZE

/**
 * A fetch first asks for this many cards alone: a few screenfuls, which the console serialises and
 * the screen draws in a fraction of a large page's time, so the first rows show while the large
 * pages (which hold these again: page 1 is read whole) are read.
 */
const FIRST_PART = 100

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
  private versions = 0
  /** The fetch in progress, for the profile it fetches: a switch never hands out the old one. */
  private inflight: Inflight | undefined

  constructor(
    private readonly connections: Connections,
    private readonly onProgress: (loaded: number, total: number) => void,
    /** Page size of a fetch and of the slices sent from the cache (tests read small sites in several pages). */
    private readonly pageSize = CACHED_SLICE,
    /** Cards asked for alone before the large pages; none when not smaller than a page. */
    private readonly firstPart = FIRST_PART
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
   *
   * `held`: the version of the list the caller shows (a screen refreshing behind its cards). When it
   * is the kept list and the console's cards turn out the same, nothing is handed over and the
   * answer says `unchanged`: the usual refresh then costs no packing, sending or unpacking of
   * 20,000 cards. When they differ, the parts are handed over once the fetch is done.
   */
  async stream(refresh: boolean, onCards: OnCards, held?: number): Promise<Streamed> {
    const { activeId } = await this.connections.list()
    const cached = this.snapshot
    if (!refresh && cached && cached.profileId === activeId) {
      let parts = 0
      for (let start = 0; start < cached.cards.length; start += this.pageSize) {
        onCards(parts++, cached.cards.slice(start, start + this.pageSize))
      }
      return { snapshot: cached, parts, exact: true }
    }
    const base = held !== undefined && cached?.profileId === activeId && cached.version === held ? cached : undefined
    let inflight = this.inflight
    if (inflight?.profileId !== activeId) inflight = this.startFetch(activeId)
    const sent: NfcCard[][] = []
    const send: OnCards = (index, cards) => {
      sent[index] = cards
      onCards(index, cards)
    }
    // Held back while the caller may already hold them all.
    const received: NfcCard[][] = []
    const listener: OnCards = base ? (index, cards) => (received[index] = cards) : send
    inflight.parts.forEach((cards, index) => listener(index, cards))
    inflight.listeners.add(listener)
    try {
      const snapshot = await inflight.promise
      if (base) {
        if (sameNfcCards(base.cards, snapshot.cards)) return { snapshot, parts: 0, exact: true, unchanged: true }
        received.forEach((cards, index) => send(index, cards))
      }
      return { snapshot, parts: sent.filter(Boolean).length, exact: sameInOrder(sent, snapshot.cards) }
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

  /**
   * The cards in parts as they arrive: part 1 the first FIRST_PART cards, then the large pages
   * (part n + 1 is page n; page 1 without the cards part 1 already gave).
   */
  private async fetch(
    profileId: string | null,
    onPart: (partNum: number, cards: NfcCard[]) => void
  ): Promise<Snapshot> {
    const client = await this.connections.client(profileId ?? undefined)
    const head = this.firstPart < this.pageSize ? await this.firstCards(client) : undefined
    if (head) onPart(1, head.cards)
    let cards: NfcCard[]
    if (head?.complete) cards = head.cards
    else {
      const given = new Set(head?.cards.map((c) => c.token))
      const shift = head ? 1 : 0
      const pages = await client.nfcCards.all({
        pageSize: this.pageSize,
        onPage: (pageNum, page) =>
          onPart(pageNum + shift, pageNum === 1 && given.size ? page.filter((c) => !given.has(c.token)) : page),
        onProgress: (loaded, total) => this.onProgress(loaded, total)
      })
      cards = head ? withHead(head.cards, pages, given) : pages
    }
    this.snapshot = { profileId, cards, fetchedAt: Date.now(), version: ++this.versions }
    return this.snapshot
  }

  /**
   * The first cards alone, and whether they are the whole list (a short page that holds the total).
   * A console that refuses so small a page is read by large pages only.
   */
  private async firstCards(client: AccessClient): Promise<{ cards: NfcCard[]; complete: boolean } | undefined> {
    try {
      const { items, total } = await client.nfcCards.list({ page: 1, pageSize: this.firstPart })
      // A short page that holds the total is the whole list.
      const complete = items.length < this.firstPart && items.length >= total
      return { cards: uniqueCards(items), complete }
    } catch (err) {
      if (err instanceof AppError && err.kind === 'validation') return undefined
      throw err
    }
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
    if (this.snapshot) {
      const cards = this.snapshot.cards.filter((c) => c.token !== token)
      this.snapshot = { ...this.snapshot, cards, version: ++this.versions }
    }
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
    this.snapshot = { ...this.snapshot, cards, version: ++this.versions }
  }
}
