import type { ReadBackFinding } from './settle-write'

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
 */
export function foundFinding(found: number, sent: number): ReadBackFinding {
  const fact = { kind: 'readBackFound', found, sent } as const
  if (found === sent) return { done: true, fact }
  return { done: found > 0 ? 'partly' : false, fact }
}
