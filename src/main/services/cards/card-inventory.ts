import { sameNfcCard, type NfcCard } from '../../../shared/access/nfc-cards'
import type { CardView, CardViewQuery } from '../../../shared/nfc/card-view'
import { CardViews } from './card-view'
import type { Connections } from '../connections/connections'
import type { OwnerRef } from '../../../shared/owners'
import { assignCard, unassignCard } from './card-owners'
import { probeEditPermission } from '../access/permission-probe'
import { actionKeys } from '../../../shared/access/permissions'
import { DEFAULT_ALL_PAGE_SIZE } from '../access/pagination'
import type { AccessClient } from '../access/client'
import { AppError } from '../../../shared/errors'
import { applyEdit } from '../../../shared/edits/apply-edit'
import type { EditOutcome } from '../../../shared/edits/edit'
import { cardAliasKinds, type CardAliasEdit, type CardAliasFields } from '../../../shared/edits/card-alias'
import { cardGone, lostAnswer, notFound } from './card-gone'
import { cardDeleted, cardHeldBy } from '../access/read-back-rules'
import { settleWrite } from '../audit/settle-write'
import { notDoneError } from '../access/lost-answer'
import { checkSeen, type Seen, type SeenAction } from '../../../shared/seen/seen'
import { cardFacts } from './card-facts'
import { aliasHolderNow, aliasInUse } from './alias-in-use'

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

/**
 * A list read again, with each card that did not change kept as the object already held: what was
 * built for it (its search text, see card-view.ts) stays, so a filter typed just after a refresh
 * does not wait for 20,000 texts to be built again. When nothing changed at all, the list held
 * itself: the screen's orders and counts, kept per list, stay too (the usual refresh).
 */
function keepUnchanged(previous: NfcCard[], next: NfcCard[]): NfcCard[] {
  // Cards are looked up by token only where the list moved: a list that held still is compared in place.
  let byToken: Map<string, NfcCard> | undefined
  let same = previous.length === next.length
  for (let i = 0; i < next.length; i++) {
    const fresh = next[i]!
    let old = previous[i]
    if (old?.token !== fresh.token) {
      byToken ??= new Map(previous.map((card) => [card.token, card]))
      old = byToken.get(fresh.token)
    }
    if (old && sameNfcCard(old, fresh)) next[i] = old
    else same = false
    if (next[i] !== previous[i]) same = false
  }
  return same ? previous : next
}

interface Snapshot {
  profileId: string | null
  cards: NfcCard[]
  fetchedAt: number
}

/**
 * A fetch first asks for this many cards alone: a few screenfuls, which the console serialises and
 * the screen draws in a fraction of a large page's time, so the first rows show while the large
 * pages (which hold these again: page 1 is read whole) are read.
 */
const FIRST_PART = 100

/** The pause between pages of a read behind a list on screen: 20 pages take ~0.2 s longer. */
const BACKGROUND_PACE_MS = 10
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

interface Inflight {
  profileId: string | null
  promise: Promise<Snapshot>
  /** Parts received so far, by index: what a screen sees while the first read goes on. */
  parts: NfcCard[][]
  /** The parts received so far in one list, made when asked for (see `current`). */
  joined?: { count: number; cards: NfcCard[] }
  listeners: Set<(index: number) => void>
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
  private readonly views = new CardViews()

  constructor(
    private readonly connections: Connections,
    private readonly onProgress: (loaded: number, total: number) => void,
    /** Page size of a fetch (tests read small sites in several pages). */
    private readonly pageSize = DEFAULT_ALL_PAGE_SIZE,
    /** Cards asked for alone before the large pages; none when not smaller than a page. */
    private readonly firstPart = FIRST_PART
  ) {}

  invalidate(): void {
    this.snapshot = undefined
    this.inflight = undefined
  }

  /**
   * Every card main holds, read as `load` reads them. No screen takes the whole list (they ask `view`
   * for the rows they show, the card pickers too); main's own callers and tests do.
   */
  async all(refresh = false): Promise<Snapshot> {
    return this.load(refresh)
  }

  /**
   * Every card: the kept list, or a fetch (`refresh`, or none kept for this console). `onPart` hears
   * of each part of the fetch as it arrives (a caller that joins a fetch in progress hears of the
   * parts already there at once): a screen then asks `view` for what it shows. Concurrent callers
   * share one fetch.
   */
  async load(refresh: boolean, onPart: (index: number) => void = () => undefined): Promise<Snapshot> {
    const { activeId } = await this.connections.list()
    const cached = this.snapshot
    if (!refresh && cached && cached.profileId === activeId) return cached
    let inflight = this.inflight
    if (inflight?.profileId !== activeId) inflight = this.startFetch(activeId)
    inflight.parts.forEach((_cards, index) => onPart(index))
    inflight.listeners.add(onPart)
    try {
      return await inflight.promise
    } finally {
      inflight.listeners.delete(onPart)
    }
  }

  /**
   * The Cards screen's question (a filter, a status, an order, a window) answered over the cards
   * held: the kept list (a refresh shows it until the new one is complete), or during the first
   * read the parts received so far.
   */
  async view(query: CardViewQuery): Promise<CardView> {
    const { cards, complete } = await this.current()
    return this.views.answer(cards, complete, query)
  }

  private async current(): Promise<{ cards: readonly NfcCard[]; complete: boolean }> {
    const { activeId } = await this.connections.list()
    const cached = this.snapshot
    if (cached && cached.profileId === activeId) return { cards: cached.cards, complete: true }
    const inflight = this.inflight
    if (inflight?.profileId !== activeId) return { cards: [], complete: false }
    const count = inflight.parts.length
    // One list per part received, not per question: the screen asks again as the parts come.
    if (inflight.joined?.count !== count) inflight.joined = { count, cards: inflight.parts.flat() }
    return { cards: inflight.joined.cards, complete: false }
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
      for (const listener of inflight.listeners) listener(pageNum - 1)
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
        // Read again behind a list on screen: one page at a time with a pause between, so the
        // screen's questions (a filter typed meanwhile) are answered between pages, not after four
        // pages parsed back to back, and the console, main and the tab are not all busy at once.
        ...(this.snapshot?.profileId === profileId ? { concurrency: 1, pace: () => delay(BACKGROUND_PACE_MS) } : {}),
        onPage: (pageNum, page) =>
          onPart(pageNum + shift, pageNum === 1 && given.size ? page.filter((c) => !given.has(c.token)) : page),
        onProgress: (loaded, total) => this.onProgress(loaded, total)
      })
      cards = head ? withHead(head.cards, pages, given) : pages
    }
    const previous = this.snapshot
    if (previous?.profileId === profileId) cards = keepUnchanged(previous.cards, cards)
    this.snapshot = { profileId, cards, fetchedAt: Date.now() }
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

  /**
   * A new alias from the details (applyEdit): the card is read again first, and an alias changed on
   * the console since the details opened comes back as a conflict with nothing written.
   */
  async rename(token: string, edit: CardAliasEdit): Promise<EditOutcome<NfcCard, CardAliasFields>> {
    const client = await this.connections.client()
    return this.onCard(token, () =>
      applyEdit(
        {
          read: () => this.get(token),
          fields: (card) => ({ alias: card.alias }),
          write: async (send) => {
            // Asked of the console now, not of the list Cards read (alias-in-use.ts): nothing is sent on a
            // clash, and the card holding the alias is shown as the console has it (the list may not say so yet).
            const holder = await aliasHolderNow(client, send.alias ?? '', token, this.pageSize)
            if (holder) {
              this.replace(holder)
              throw aliasInUse(send.alias ?? '', holder)
            }
            try {
              await client.nfcCards.update(token, { alias: send.alias ?? '' })
            } catch (err) {
              if (!lostAnswer(err)) throw err
              // The answer lost (a cut, a proxy's page, any 5xx): the card read back says whether the console
              // took the alias. Holding it, the save is done (said as saved); holding the old one, it was not
              // (said so: trying again is safe). Either way its audit row says what the read found.
              const now = await this.get(token).catch(() => {
                throw err
              })
              const took = now.alias.trim() === (send.alias ?? '').trim()
              await settleWrite(err, { done: took })
              if (!took) throw notDoneError(AppError.from(err), AppError.from(err).message, { alias: now.alias })
              return now
            }
            // E8 answers "success" only: read the card back so the table shows what the console holds.
            return this.get(token)
          }
        },
        edit,
        cardAliasKinds
      )
    )
  }

  /**
   * Delete the card. A lost answer is read back: a card the console no longer has was deleted (said
   * so, not "may have been done"); one it still has was not, and the lost answer is said.
   */
  async remove(token: string, seen?: Seen): Promise<void> {
    const client = await this.connections.client()
    await this.onCard(token, async () => {
      await this.checkSeen('cards.delete', token, seen)
      try {
        await client.nfcCards.remove(token)
      } catch (err) {
        if (!lostAnswer(err)) throw err
        const stillThere = !(await cardDeleted(client, token).catch(() => {
          throw err
        }))
        // The delete's audit row, Unknown till now, says what the read found.
        await settleWrite(err, { done: !stillThere })
        if (stillThere) throw err
      }
    })
    this.drop(token)
  }

  async assign(token: string, owner: OwnerRef, force = false, seen?: Seen): Promise<NfcCard> {
    return this.onCard(token, async () => {
      await this.checkSeen('cards.assign', token, seen)
      const client = await this.connections.client()
      await assignCard(client, token, owner, force).catch((err: unknown) =>
        this.readBackHolder(err, client, token, owner.id, true)
      )
      return this.get(token)
    })
  }

  /** Take the card back from its current owner (the card stays in the inventory). */
  async unassign(token: string, seen?: Seen): Promise<NfcCard> {
    return this.onCard(token, async () => {
      const card = await this.get(token)
      checkSeen('cards.unassign', seen, cardFacts(card))
      if (!card.user_id || !card.user_type) return card
      const client = await this.connections.client()
      const holder = card.user_id
      await unassignCard(client, token, { type: card.user_type === 'VISITOR' ? 'visitor' : 'user', id: holder }).catch(
        (err: unknown) => this.readBackHolder(err, client, token, holder, false)
      )
      return this.get(token)
    })
  }

  /**
   * A give or take back whose answer was lost (a cut, a proxy's page, any 5xx): the card read back says
   * whether the console did it — by the one rule the audit's later check asks (`cardHeldBy`). Done, it is
   * said as done and its audit row settled; not done, the row is settled not done and the person told
   * trying again is safe (as an alias save is). Any other failure, or a read that fails, is thrown as it was.
   */
  private async readBackHolder(
    err: unknown,
    client: AccessClient,
    token: string,
    ownerId: string,
    held: boolean
  ): Promise<void> {
    if (!lostAnswer(err)) throw err
    const holds = await cardHeldBy(client, token, ownerId).catch(() => {
      throw err
    })
    await settleWrite(err, { done: holds === held })
    if (holds !== held) throw notDoneError(AppError.from(err), AppError.from(err).message)
  }

  /**
   * The card read afresh and held to what the person saw of it (shared/seen): a card whose owner
   * changed since it was shown is answered CHANGED_SINCE_SHOWN, nothing sent. No `seen`: no read.
   */
  private async checkSeen(action: SeenAction, token: string, seen: Seen | undefined): Promise<void> {
    if (seen) checkSeen(action, seen, cardFacts(await this.get(token)))
  }

  /**
   * A write to one card: when the console answers it has no such card (deleted here, or by another
   * desk), the card leaves the kept list and the person is told which card and why (cardGone).
   */
  private async onCard<T>(token: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (err) {
      if (!notFound(err)) throw err
      const displayId = this.snapshot?.cards.find((c) => c.token === token)?.display_id
      this.drop(token)
      throw cardGone(token, displayId)
    }
  }

  /** The card out of the kept list (gone from the console). */
  private drop(token: string): void {
    if (this.snapshot) {
      const cards = this.snapshot.cards.filter((c) => c.token !== token)
      this.snapshot = { ...this.snapshot, cards }
    }
  }

  /**
   * Whether the token may edit cards (actionKeys.cards.edit) and give them to people and take them back
   * (actionKeys.cards.assign, another key), found without side effects.
   */
  async capabilities(): Promise<{
    canEdit: boolean
    missingPermission?: string
    canAssign?: boolean
    assignMissingPermission?: string
  }> {
    const client = await this.connections.client()
    const edit = await probeEditPermission(client, actionKeys.cards.edit)
    // Assigning is a separate key; when it cannot be found out, it stays unsaid (as Touch Passes do).
    const assign = await probeEditPermission(client, actionKeys.cards.assign).catch(() => undefined)
    if (!assign) return edit
    return {
      ...edit,
      canAssign: assign.canEdit,
      ...(assign.missingPermission ? { assignMissingPermission: assign.missingPermission } : {})
    }
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
