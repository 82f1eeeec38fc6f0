import { agree, countOf } from './plural'

/**
 * What a card search that found nothing says, on the Cards screen and in every card picker alike.
 * `notNfcIds` is main's answer (cards.view): undefined when the words are no NFC ID; else how many
 * cards could not be compared with it, their numbers being no NFC ID (their records carry none).
 * Said, not a bare "no match": such a card is found by its alias or owner instead.
 */
export function noCardMatch(notNfcIds: number | undefined, otherwise: string): string {
  if (notNfcIds === undefined) return otherwise
  if (notNfcIds === 0) return 'No card has this NFC ID, in either byte order.'
  return (
    `No card has this NFC ID. ${countOf(notNfcIds, 'card')}${agree(notNfcIds, "'s number is not an NFC ID", "' numbers are not NFC IDs")}` +
    `, so ${agree(notNfcIds, 'it', 'they')} could not be compared with it: look for the card by its alias or owner.`
  )
}
