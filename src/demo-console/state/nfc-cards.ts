import type { CardRecord, Owner } from './schemas'

/** NFC cards by token, with the indexes taps, import and owners need (20,000 cards: no scans per request). */
export class NfcCards {
  private readonly byToken = new Map<string, CardRecord>()
  private readonly byNfcId = new Map<string, string>()
  private readonly byOwner = new Map<string, Set<string>>()
  private readonly aliases = new Map<string, number>()
  private readonly displayIds = new Set<string>()

  constructor(records: CardRecord[]) {
    for (const card of records) this.add(card)
  }

  get size() {
    return this.byToken.size
  }

  all(): CardRecord[] {
    return [...this.byToken.values()]
  }

  get(token: string): CardRecord | undefined {
    return this.byToken.get(token)
  }

  findByNfcId(nfcId: string): CardRecord | undefined {
    const token = this.byNfcId.get(nfcId)
    return token ? this.byToken.get(token) : undefined
  }

  ofOwner(ownerId: string): CardRecord[] {
    return [...(this.byOwner.get(ownerId) ?? [])].map((t) => this.byToken.get(t)!).filter(Boolean)
  }

  displayIdTaken(displayId: string): boolean {
    return this.displayIds.has(displayId)
  }

  aliasTaken(alias: string): boolean {
    return (this.aliases.get(alias) ?? 0) > 0
  }

  add(card: CardRecord) {
    this.byToken.set(card.token, card)
    this.displayIds.add(card.display_id)
    if (card.nfc_id) this.byNfcId.set(card.nfc_id, card.token)
    if (card.owner) this.index(card.owner.id, card.token, true)
    this.countAlias(card.alias, 1)
  }

  remove(token: string): CardRecord | undefined {
    const card = this.byToken.get(token)
    if (!card) return undefined
    this.byToken.delete(token)
    this.displayIds.delete(card.display_id)
    if (this.byNfcId.get(card.nfc_id) === token) this.byNfcId.delete(card.nfc_id)
    if (card.owner) this.index(card.owner.id, token, false)
    this.countAlias(card.alias, -1)
    return card
  }

  setAlias(card: CardRecord, alias: string) {
    this.countAlias(card.alias, -1)
    card.alias = alias
    this.countAlias(alias, 1)
  }

  /** Bind to an owner (→ assigned) or unbind (→ pending); other statuses (disable, loss) stay. */
  setOwner(card: CardRecord, owner: Owner | null) {
    if (card.owner) this.index(card.owner.id, card.token, false)
    card.owner = owner
    if (owner) this.index(owner.id, card.token, true)
    if (owner && card.status === 'pending') card.status = 'assigned'
    if (!owner && card.status === 'assigned') card.status = 'pending'
  }

  /** Unbind every card of an owner that is going away. */
  releaseOwner(ownerId: string) {
    for (const card of this.ofOwner(ownerId)) this.setOwner(card, null)
  }

  countByStatus(): Record<string, number> {
    const counts: Record<string, number> = {}
    for (const card of this.byToken.values()) counts[card.status] = (counts[card.status] ?? 0) + 1
    return counts
  }

  private index(ownerId: string, token: string, on: boolean) {
    let set = this.byOwner.get(ownerId)
    if (on) {
      if (!set) this.byOwner.set(ownerId, (set = new Set()))
      set.add(token)
    } else {
      set?.delete(token)
      if (set?.size === 0) this.byOwner.delete(ownerId)
    }
  }

  private countAlias(alias: string, delta: number) {
    if (!alias) return
    const n = (this.aliases.get(alias) ?? 0) + delta
    if (n > 0) this.aliases.set(alias, n)
    else this.aliases.delete(alias)
  }
}
