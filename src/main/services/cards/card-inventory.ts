import type { NfcCard } from '../../../shared/access/nfc-cards'
import type { Connections } from '../connections/connections'
import type { OwnerRef } from '../../../shared/owners'
import { assignCard, unassignCard } from './card-owners'
import { probeEditPermission } from '../access/permission-probe'

interface Snapshot {
  profileId: string | null
  cards: NfcCard[]
  fetchedAt: number
}

/**
 * The card inventory of the active console, fetched once per session (20,000 cards take seconds
 * on a real console) and kept in step with the edits made through the app. A profile switch or an
 * explicit refresh fetches again; concurrent callers share one fetch.
 */
export class CardInventory {
  private snapshot: Snapshot | undefined
  /** The fetch in progress, for the profile it fetches: a switch never hands out the old one. */
  private inflight: { profileId: string | null; promise: Promise<Snapshot> } | undefined

  constructor(
    private readonly connections: Connections,
    private readonly onProgress: (loaded: number, total: number) => void
  ) {}

  invalidate(): void {
    this.snapshot = undefined
    this.inflight = undefined
  }

  async all(refresh = false): Promise<Snapshot> {
    const { activeId } = await this.connections.list()
    if (!refresh && this.snapshot && this.snapshot.profileId === activeId) return this.snapshot
    if (this.inflight?.profileId !== activeId) {
      const promise: Promise<Snapshot> = this.fetch(activeId).finally(() => {
        if (this.inflight?.promise === promise) this.inflight = undefined
      })
      this.inflight = { profileId: activeId, promise }
    }
    return this.inflight.promise
  }

  private async fetch(profileId: string | null): Promise<Snapshot> {
    const client = await this.connections.client(profileId ?? undefined)
    const cards = await client.nfcCards.all({ onProgress: (loaded, total) => this.onProgress(loaded, total) })
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
