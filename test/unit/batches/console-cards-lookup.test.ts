import { describe, expect, it } from 'vitest'
import { ConsoleCards } from '../../../src/main/services/batches/console-cards'
import { consoleCardNumber } from '../../../src/shared/nfc/card-number'
import { reverseBytes } from '../../../src/shared/nfc/card-identity'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'

/**
 * ConsoleCards answers "does the console hold this NFC ID" by one map lookup of the ID's value, not
 * by the decimal of every ID (a BigInt each: most of a 10,000-line CSV preview's time, issue 33).
 * The answer must be the one the rule gives (console-cards.ts): the card whose display id is the
 * ID's decimal number (consoleCardNumber), else whose hex display id is the ID when it has a letter,
 * in the given byte order or its reverse. Held here against that rule written out directly.
 */
const card = (display_id: string, token: string): NfcCard =>
  ({ token, display_id, alias: '', status: 'ACTIVE' }) as unknown as NfcCard

function byTheRule(cards: NfcCard[], nfcId: string): NfcCard | undefined {
  const byDisplayId = new Map<string, NfcCard>()
  for (const c of cards) if (c.display_id) byDisplayId.set(c.display_id.toUpperCase(), c)
  const exactly = (id: string) => {
    const decimal = byDisplayId.get(consoleCardNumber(id))
    if (decimal) return decimal
    const hex = byDisplayId.get(id)
    return hex && /[A-F]/.test(id) ? hex : undefined
  }
  return exactly(nfcId) ?? (nfcId.length % 2 === 0 ? exactly(reverseBytes(nfcId)) : undefined)
}

/** A deterministic stream of hex digits (no Math.random: the same cases every run). */
function* hexes(seed: number): Generator<string> {
  let x = seed
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648
    yield (x % 16).toString(16).toUpperCase()
  }
}

describe('ConsoleCards: an NFC ID found by its value', () => {
  it('finds what the rule finds, for decimal, hex, short, zero-led and reversed numbers', () => {
    const digits = hexes(7)
    const uid = (bytes: number) => Array.from({ length: bytes * 2 }, () => digits.next().value).join('')
    const uids = [4, 4, 7, 7, 10, 10, 4, 7].map(uid)
    const cards = [
      // Decimal numbers of UIDs, as the demo console numbers cards (7 and 10 bytes: beyond a Number).
      ...uids.slice(0, 6).map((u, i) => card(consoleCardNumber(u), `d${i}`)),
      // Hex numbers (the enrollment poll's form), one in lower case.
      card(uids[6]!, 'h1'),
      card(uids[7]!.toLowerCase(), 'h2'),
      card('014A3151', 'h3'),
      // A UA card's own short number, zero, a number written with a leading zero, free text, none.
      card('100005', 's1'),
      card('0', 'z1'),
      card('0123', 'l1'),
      card('Lobby spare', 'f1'),
      card('', 'e1'),
      // The same number twice: the later card is the one found, as before.
      card(consoleCardNumber(uids[0]!), 'd0-again')
    ]
    const cc = new ConsoleCards(cards)
    const asked = [
      ...uids,
      ...uids.map(reverseBytes),
      ...uids.map((u) => `00${u}`),
      '0186A5', // 100005 in hex
      '000186A5',
      '00000000',
      '00',
      '7B', // 123: "0123" is not how the console writes it
      '014A3151',
      '51314A01',
      '77740828', // all digits, read as hex
      uid(4),
      uid(7)
    ]
    for (const id of asked) expect(cc.byNfcId(id)?.token, id).toBe(byTheRule(cards, id)?.token)
    // The cases are not all misses.
    expect(asked.filter((id) => byTheRule(cards, id)).length).toBeGreaterThan(15)
  })
})
