import type { ConsoleUnsure } from '../../../shared/batches/console-unsure'
import type { NfcCard } from '../../../shared/access/nfc-cards'
import { cardNfcId } from '../../../shared/nfc/card-number'
import { reverseBytes } from '../../../shared/nfc/card-identity'
import { formats } from '../../../shared/format/formats'

/**
 * The console's cards as the batches need them: by token (an imported row knows its token) and
 * by NFC ID. A card record carries no NFC ID (spec 2.2): a console that numbers third-party cards
 * by their UID shows it as the card's display id, in decimal (`77740828` for `04A23B1C`) or, like
 * the enrollment poll's `014A3151`, in hex. A display id is compared with both forms of the row's
 * NFC ID, never the hex of one with the decimal of the other.
 */
export class ConsoleCards {
  private readonly byDisplayId = new Map<string, NfcCard>()
  /**
   * Cards whose number is decimal, by that number's value written in hex without leading zeros: an
   * NFC ID is compared with the decimal number by its own value (`valueKey`) in one map lookup. Was
   * the decimal of every NFC ID looked up (a BigInt each, twice per line with the reversed order):
   * ~90 ms of a 10,000-line CSV preview, several times the validation itself (issue 33).
   */
  private readonly byDecimal = new Map<string, NfcCard>()
  private readonly byToken = new Map<string, NfcCard>()
  private readonly byAliasMap = new Map<string, NfcCard>()
  /**
   * Cards whose number is no NFC ID (a UA card's own "100005", facts 1.9): the desk cannot see their
   * UIDs, so an NFC ID cannot be compared with them (the Cards screen's `notNfcIds`, the same test).
   */
  readonly withoutNfcId: number
  /** Those of them with a number: what Cards' filter finds them by. */
  private readonly numberedWithoutNfcId: string[] = []

  /**
   * `readAt`: when the cards were read from the console (now, as they usually are made as they come):
   * what is said with them is as of then (a CSV preview says so).
   */
  constructor(
    readonly cards: NfcCard[],
    readonly readAt: string = new Date().toISOString()
  ) {
    let withoutNfcId = 0
    for (const card of cards) {
      if (!cardNfcId(card.display_id)) {
        withoutNfcId++
        if (card.display_id) this.numberedWithoutNfcId.push(card.display_id)
      }
      this.byToken.set(card.token, card)
      if (card.display_id) {
        const id = card.display_id.toUpperCase()
        this.byDisplayId.set(id, card)
        // Only a number as the console writes one (no leading zero) can equal an NFC ID's decimal.
        if (DECIMAL.test(id)) this.byDecimal.set(hexOfDecimal(id), card)
      }
      if (card.alias && !this.byAliasMap.has(card.alias)) this.byAliasMap.set(card.alias, card)
    }
    this.withoutNfcId = withoutNfcId
  }

  /**
   * Whether the console holds this NFC ID, and how sure the answer is: the one question every
   * "is it on the console" of Import asks (typed IDs, CSV previews, Check with the console). Found:
   * the card. Not found: `unsure` says why "not on the console" cannot be claimed outright, when
   * some cards' numbers are no NFC ID (a card enrolled on a UA reader may be one of them).
   */
  lookup(nfcId: string): { card: NfcCard; heldAs: string } | { card: undefined; unsure: string | undefined } {
    const card = this.byNfcId(nfcId)
    if (card) return { card, heldAs: this.heldAs(nfcId)! }
    return { card: undefined, unsure: this.unsure() }
  }

  /**
   * What "not found" leaves open, or undefined when every card shows its NFC ID (then not found is
   * not there). One sentence, without a closing full stop, for every place that says a card is absent.
   */
  unsure(words: { id: string; card: string } = { id: 'this NFC ID', card: 'this card' }): string | undefined {
    const without = this.withoutNfcId
    if (without === 0) return undefined
    const shown = this.cards.length - without
    const cards = (n: number) => (n === 1 ? '1 card' : `${formats().count(n)} cards`)
    return (
      `No card with ${words.id} among the console's ${cards(shown)} that show one; ` +
      `${cards(without)} show${without === 1 ? 's' : ''} no NFC ID (UA cards) and could not be compared — ` +
      `if ${words.card} was enrolled on a UA reader, it is already on the console`
    )
  }

  /**
   * What "not found" leaves open, as counts (shared/batches/console-unsure.ts), or undefined when every
   * card shows its NFC ID. Import's typed cards and its check say it from these, in each desk's language.
   */
  unsureCounts(): ConsoleUnsure | undefined {
    const without = this.withoutNfcId
    return without === 0 ? undefined : { shown: this.cards.length - without, without }
  }

  /**
   * The numbers of the cards that show no NFC ID, at most `limit`, the highest first: the console
   * numbers the UA cards it enrolls in turn (facts 1.9: "100005", "100017"), so the card enrolled
   * last — the likeliest to be imported again by its NFC ID — comes first. Cards' filter finds each.
   */
  numbersWithoutNfcId(limit: number): string[] {
    return [...this.numberedWithoutNfcId].sort((a, b) => b.localeCompare(a, 'en', { numeric: true })).slice(0, limit)
  }

  /**
   * The card that uses this alias on the console: aliases are unique there (E16), so an import of
   * another card with it fails. Compared exactly, as the console compares them.
   */
  byAlias(alias: string): NfcCard | undefined {
    return alias ? this.byAliasMap.get(alias) : undefined
  }

  /** For the CSV preview: an alias → the number of the card that uses it (its token's start without one). */
  aliasHolder(alias: string): string | undefined {
    const card = this.byAlias(alias)
    return card ? cardName(card) : undefined
  }

  /**
   * The card the console holds for this NFC ID (uppercase hex), if its display id shows it — in either
   * byte order: the same physical card imported earlier in the other order is the same card
   * (shared/nfc/card-identity.ts), and importing it again would make a second record of it.
   */
  byNfcId(nfcId: string): NfcCard | undefined {
    return this.exactly(nfcId) ?? (nfcId.length % 2 === 0 ? this.exactly(reverseBytes(nfcId)) : undefined)
  }

  /** The NFC ID as the console holds the card (the given order or its reverse), when it holds it. */
  heldAs(nfcId: string): string | undefined {
    if (this.exactly(nfcId)) return nfcId
    const reversed = nfcId.length % 2 === 0 ? reverseBytes(nfcId) : undefined
    return reversed && this.exactly(reversed) ? reversed : undefined
  }

  private exactly(nfcId: string): NfcCard | undefined {
    // The card whose decimal number is this NFC ID's value (consoleCardNumber), without a BigInt.
    const decimal = this.byDecimal.get(valueKey(nfcId))
    if (decimal) return decimal
    // A hex display id is only taken as one when it cannot be read as a decimal number.
    const hex = this.byDisplayId.get(nfcId)
    return hex && /[A-F]/.test(nfcId) ? hex : undefined
  }

  token(token: string): NfcCard | undefined {
    return this.byToken.get(token)
  }

  /**
   * For the CSV preview: an NFC ID → the display id of the card the console holds. Asked once or twice
   * per line of a file: through `byNfcId`, not `lookup`, whose "not found" builds the `unsure` sentence
   * (two formatted counts) that a preview says once for the whole file (csv-against-batch.ts
   * `noteUnsure`): built for each of 10,000 lines, it cost more than the validation itself.
   */
  get(nfcId: string): string | undefined {
    return this.byNfcId(nfcId)?.display_id
  }
}

/** A decimal number as the console writes a card's number: digits, no leading zero. */
const DECIMAL = /^(?:0|[1-9]\d*)$/

/** A decimal number's value in uppercase hex (no leading zeros). Exact: a Number up to 15 digits, else a BigInt. */
function hexOfDecimal(decimal: string): string {
  return (decimal.length <= 15 ? Number(decimal) : BigInt(decimal)).toString(16).toUpperCase()
}

/** An NFC ID's (uppercase hex) value as `hexOfDecimal` writes it: its leading zeros dropped. */
function valueKey(hex: string): string {
  let start = 0
  while (start < hex.length - 1 && hex.charCodeAt(start) === 48) start++
  return start === 0 ? hex || '0' : hex.slice(start)
}

/** How a card is named in a message: its number, or its token's start for a card without one. */
export function cardName(card: NfcCard): string {
  return card.display_id || card.token.slice(0, 8)
}
