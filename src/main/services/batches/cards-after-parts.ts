import type { ReadAfter } from '../access/http'
import type { ConsoleCards } from './console-cards'

/**
 * The console's card list as an upload reads it after its parts: at most once a part, whoever wants it
 * first — the audit naming the cards the part made (its write's `readAfter`, audit/imported-numbers.ts),
 * the part's failures (why each row failed), or the rows' numbers at the end. A list of 20,000 cards is
 * several seconds of the console's time: read once, the audit's row and Import's rows name each card by
 * the same number. A read that failed is not kept (a later need reads again).
 */
export class CardsAfterParts {
  /** The latest read, and the part after which it was made. */
  private latest: { part: number; cards: Promise<ConsoleCards> } | undefined
  private sent = 0
  /** The last part whose answer imported cards: a read made before it lacks them. */
  private lastImported = 0

  constructor(private readonly read: () => Promise<ConsoleCards>) {}

  /** A part is about to be sent: the read after it, for its write to share with the audit. */
  nextPart(): ReadAfter {
    const part = ++this.sent
    return { cards: async () => (await this.after(part)).cards }
  }

  /** The part sent last imported cards. */
  imported(): void {
    this.lastImported = this.sent
  }

  /** The list after the part sent last (its failures are explained by it): read now unless read already. */
  afterLastPart(): Promise<ConsoleCards> {
    return this.after(this.sent)
  }

  /** For the rows' numbers: the latest read if it was made after every part that imported cards, else read now. */
  forNumbers(): Promise<ConsoleCards> {
    const latest = this.latest
    return latest && latest.part >= this.lastImported ? latest.cards : this.after(this.sent)
  }

  private after(part: number): Promise<ConsoleCards> {
    if (this.latest?.part === part) return this.latest.cards
    const cards = this.read()
    this.latest = { part, cards }
    cards.catch(() => {
      if (this.latest?.cards === cards) this.latest = undefined
    })
    return cards
  }
}
