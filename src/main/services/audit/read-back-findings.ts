import type { ReadBackFinding } from './settle-write'
import type { ImportedCardNumbers } from '../../../shared/audit/schemas'

/*
 * What a read-back found, in the words of the audit row, one wording per kind of write: the read a
 * service makes right after a lost answer and the check made when the console answers again
 * (later-checks.ts) settle a row alike.
 */

/** A purchase whose passes were found in the list: their card ids. */
export const boughtFinding = (bought: readonly string[]): ReadBackFinding => ({
  done: true,
  fact: { kind: 'readBackBought', passes: bought.slice(0, 100) }
})

/** A batch of passes (§3.27): done when anyone got one; who did not, when some did. */
export const givenFinding = (given: number, notGiven: readonly string[]): ReadBackFinding => ({
  done: given > 0,
  ...(notGiven.length > 0 && given > 0
    ? { fact: { kind: 'readBackNotGiven', users: notGiven.slice(0, 100) } as const }
    : {})
})

/**
 * Cards an import sent, looked up on the console: every one found (Done), some ("2 of 3 found"), none
 * (Not done), whatever left the request's answer open (none came, it was lost, an error page or the
 * console's own server error on a part). None found is Not done also while some of the console's cards
 * show no NFC ID (UA cards enrolled on a reader): an import numbers each card it makes by its NFC ID
 * (batches/console-cards.ts), so a card this request made would be found; a card that shows none was
 * not made by it. Import's own check says the same of the rows: not found, they may be sent again.
 * `missing`: the NFC IDs of the cards not found, kept when some were found (each card's own outcome,
 * shared/audit/imported-card-outcome.ts); `numbers`: the numbers the console holds the found ones by.
 */
export function foundFinding(
  found: number,
  sent: number,
  missing: readonly string[] = [],
  /** The cards found, by NFC ID → the console's number (display id): each card's line names the card by it. */
  numbers: ImportedCardNumbers = []
): ReadBackFinding {
  const fact = { kind: 'readBackFound', found, sent } as const
  const named = numbers.length > 0 ? { numbers: [...numbers] } : {}
  if (found === sent) return { done: true, fact, ...named }
  if (found === 0) return { done: false, fact }
  // Done in part: which cards were not found, so each card's line says its own outcome.
  return { done: 'partly', fact: missing.length > 0 ? { ...fact, missing: [...missing] } : fact, ...named }
}
