import { AppError } from '../../../shared/errors'
import type { NfcCard } from '../../../shared/access/nfc-cards'
import { ownerName } from '../../../shared/nfc/card-view'
import type { AccessClient } from '../access/client'
import { ConsoleCards, cardName } from '../batches/console-cards'
import { toConsoleCsv } from '../batches/csv-export'
import { stepOutcome } from '../roster/step-outcome'
import { keptError } from '../access/kept-error'
import type { RosterSaid } from '../../../shared/roster/roster-said'
import { formats } from '../../../shared/format/formats'

/** What importing one card needs from the access client: the import (E16), the card list (E6), one card (E5). */
export type OneCardConsole = { nfcCards: Pick<AccessClient['nfcCards'], 'importCsv' | 'all' | 'get'> }

/** The card on the console, as the journal keeps it: its token, and its number when the console said it. */
export interface ConsoleCard {
  token: string
  displayId?: string
}

/**
 * How importing one card ended:
 * - `done`: the card is on the console and nobody holds it — imported now, or (`found`) the console
 *   already held it, free (a card tapped again after a failed bind, an import whose answer was lost).
 * - `failed`: it is not on the console for this (the console refused the import, or holds the card for
 *   someone): `reason` says why and what to do.
 * - `unknown`: the answer was lost: the console may or may not have imported it ("to check", the
 *   roster's one rule, step-outcome.ts). Importing it again is safe: the console refuses a card it
 *   holds, and the fallback below then finds it.
 */
export type OneCardImport =
  | { state: 'done'; card: ConsoleCard; found: boolean }
  | { state: 'failed' | 'unknown'; error: AppError; reason: string; said?: RosterSaid; code?: string }

/** The code of "the console did not import the card" (named first by the enrollment line, which the tests know). */
export const CARD_NOT_IMPORTED = 'ROSTER_LINE_CARD_NOT_IMPORTED'

/**
 * Import one card by its NFC ID (uppercase hex) through the console's import (E16), then its token.
 * The one rule for the roster run and the enrollment line alike:
 * 1. The import's record for this card (by NFC ID, else the only record: one row was sent) gives the
 *    token; the card's number is read from the card (E5), best effort (the import answers no number).
 * 2. The console refused it (empty token): the console's cards are read and the card looked up as
 *    Import and the roster plan look it up (`ConsoleCards.lookup`, either byte order). Held by nobody:
 *    that card is used. Held by someone: failed, naming the card. Not there: failed with why (the alias
 *    is another card's, or the cards that show no NFC ID: most likely one of them, and another card
 *    is the advice, since nothing finds it by NFC ID and a retry is refused alike).
 * 3. The request failed: refused (the console's code) is `failed`; an answer lost is `unknown`.
 */
export async function importOneCard(
  client: OneCardConsole,
  input: { nfcId: string; alias?: string; filename: string }
): Promise<OneCardImport> {
  const { nfcId, alias = '' } = input
  let token: string | undefined
  try {
    const records = await client.nfcCards.importCsv(toConsoleCsv([{ nfcId, alias }]), { filename: input.filename })
    const record =
      records.find((r) => r.nfc_id.toUpperCase() === nfcId) ?? (records.length === 1 ? records[0] : undefined)
    token = record?.token || undefined
  } catch (err) {
    return { ...stepOutcome(err), error: AppError.from(err) }
  }
  if (token) {
    const displayId = await client.nfcCards
      .get(token)
      .then((card) => card.display_id || undefined)
      .catch(() => undefined)
    return { state: 'done', card: { token, ...(displayId ? { displayId } : {}) }, found: false }
  }
  return refused(client, nfcId, alias)
}

/** The console did not import the card: the card it holds for that NFC ID, when nobody holds it. */
async function refused(client: OneCardConsole, nfcId: string, alias: string): Promise<OneCardImport> {
  let cards: ConsoleCards
  try {
    cards = new ConsoleCards(await client.nfcCards.all())
  } catch (err) {
    return notImported(
      `The console did not import the card ${nfcId}, and its card list could not be read to say why (${AppError.from(err).message.replace(/\.$/, '')}).`,
      'Look for the card on Cards, or use another card.',
      { said: 'unread', nfcId, cause: AppError.from(err).message.replace(/\.$/, '') }
    )
  }
  const found = cards.lookup(nfcId)
  if (found.card) {
    const known = found.card
    if (!known.user_id) {
      return {
        state: 'done',
        card: { token: known.token, ...(known.display_id ? { displayId: known.display_id } : {}) },
        found: true
      }
    }
    return notImported(
      `Card ${cardName(known)} is already ${holderWords(known)} on the console.`,
      'Use another card, or take this one back on Cards first.',
      { said: 'held', card: cardName(known), holder: ownerName(known) ?? '', named: ownerName(known) ? 'yes' : 'no' }
    )
  }
  const other = cards.byAlias(alias)
  if (other) {
    return notImported(
      `The console did not import the card ${nfcId}: its alias "${alias}" is card ${cardName(other)}'s.`,
      'Aliases are unique on the console: give this card another alias, or use another card.',
      { said: 'alias', nfcId, alias, card: cardName(other) }
    )
  }
  const unsure = cards.unsureCounts()
  if (unsure) return uncompared(nfcId, unsure.without)
  return notImported(
    `The console did not import the card ${nfcId}.`,
    'Use another card, or look for this one on Cards.',
    { said: 'plain', nfcId }
  )
}

/**
 * Refused while some of the console's cards show no NFC ID (UA cards, facts 1.9): the console most
 * likely holds this card as one of them, for someone or for nobody, and says neither which nor whose.
 * Nothing can find it by its NFC ID (Cards' filter compares what the console shows), and importing it
 * again is refused the same way: the advice is another card, never a search or a retry.
 */
function uncompared(nfcId: string, without: number): OneCardImport {
  const count = formats().count(without)
  return notImported(
    `The console did not import the card ${nfcId}: it most likely holds it already, as ` +
      (without === 1 ? 'its one card that shows no NFC ID' : `one of its ${count} cards that show no NFC ID`) +
      ' (UA cards), and does not say whose it is.',
    'No screen can find a card by an NFC ID the console does not show, and importing it again is refused the same way: use another card for this person.',
    { said: 'uncompared', nfcId, without }
  )
}

function holderWords(card: NfcCard): string {
  const name = ownerName(card)
  return name ? `${name}'s card` : "someone's card"
}

function notImported(message: string, hint: string, details: Record<string, string | number>): OneCardImport {
  const error = new AppError({ kind: 'conflict', code: CARD_NOT_IMPORTED, message, hint, details })
  // Kept as the error itself, which a desk words in its language (unless its English is main's alone).
  const kept = keptError(error, null)
  return {
    state: 'failed',
    error,
    reason: `${message} ${hint}`,
    ...(kept ? { said: [{ key: 'error' as const, error: kept }] } : {}),
    code: CARD_NOT_IMPORTED
  }
}
