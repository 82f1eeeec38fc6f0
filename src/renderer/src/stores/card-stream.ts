import { sameNfcCard, type NfcCard } from '../../../shared/access/nfc-cards'
import { unpackNfcCard } from '../../../shared/access/nfc-card-pack'
import { getApi } from '../lib/api'
import { throttled } from '../lib/throttle'

/**
 * While cards stream in, the screen is given what has arrived at most this often (and at once for
 * the first part, a screenful): each update re-sorts and redraws what is held (~40 ms for 15,000
 * cards), work that delays the parts still coming. A console that sends 20,000 cards in under a
 * second is then drawn twice (first part, whole list); a slow one shows more rows every second,
 * and the progress count in between.
 */
export const PARTIAL_EVERY_MS = 1000

let streams = 0

/** A stream id no other tab of web mode uses at the same time (events reach every tab). */
function streamId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2)
  return `cards-${++streams}-${random}`.slice(0, 64)
}

/**
 * Every card of the console through `cards.load`: main sends the cards as `cards.page` events as
 * the pages arrive, and answers once all were sent. `onPartial` gets the cards received so far, in
 * list order (at once for the first part, then at most every PARTIAL_EVERY_MS); the promise
 * resolves with all of them. The events of other loads (another tab, an older load) are ignored.
 * `held`: the version of the list on screen (a refresh behind it); `unchanged` then means the
 * console still has exactly those cards, and none were sent.
 */
export async function streamCards(
  refresh: boolean,
  onPartial?: (cards: NfcCard[]) => void,
  held?: number
): Promise<
  { cards: NfcCard[]; fetchedAt: number; version: number } | { unchanged: true; fetchedAt: number; version: number }
> {
  const api = getApi()
  const stream = streamId()
  const parts: NfcCard[][] = []
  let received = 0
  let expected = Infinity
  let allReceived: () => void = () => undefined
  const complete = new Promise<void>((resolve) => (allReceived = resolve))
  // The first part at once, then what has arrived at most every PARTIAL_EVERY_MS; never once all are in.
  const partial = throttled(PARTIAL_EVERY_MS, () => {
    if (onPartial && received < expected) onPartial(parts.flat())
  })
  const off = api.on('cards.page', (page) => {
    if (page.stream !== stream) return
    parts[page.index] = page.cards.map(unpackNfcCard)
    received++
    if (received >= expected) allReceived()
    else partial.push(received)
  })
  try {
    const answer = await api.cards.load({ refresh, stream, held })
    const { fetchedAt, version } = answer
    if (answer.unchanged) return { unchanged: true, fetchedAt, version }
    // The list shifted while it was read and holds a card twice: main sends the list as it keeps it.
    if (answer.cards) return { cards: answer.cards, fetchedAt, version }
    expected = answer.parts
    // Events and the answer travel apart: parts may still be on their way.
    if (received < expected) await complete
    return { cards: parts.flat(), fetchedAt, version }
  } finally {
    off()
    partial.stop()
  }
}

/**
 * A refreshed list with the cards that did not change kept as the objects already on screen: the
 * previous array itself when nothing changed (nothing is sorted or drawn again), otherwise the new
 * order with old objects reused (their search texts are already built).
 */
export function keepUnchanged(previous: NfcCard[], next: NfcCard[]): NfcCard[] {
  const byToken = new Map<string, NfcCard>()
  for (const card of previous) byToken.set(card.token, card)
  let same = previous.length === next.length
  const out = new Array<NfcCard>(next.length)
  for (let i = 0; i < next.length; i++) {
    const fresh = next[i]!
    const old = byToken.get(fresh.token)
    const kept = old && sameNfcCard(old, fresh) ? old : fresh
    if (kept !== previous[i]) same = false
    out[i] = kept
  }
  return same ? previous : out
}
