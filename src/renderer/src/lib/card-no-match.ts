import { commonWords } from './i18n/common-messages.svelte'

/**
 * What a card search that found nothing says, on the Cards screen, in every card picker and in Find
 * across consoles alike, in the desk's language (area common: every screen that searches cards has it).
 * `notNfcIds` is main's answer (cards.view): undefined when the words are no NFC ID; else how many
 * cards could not be compared with it, their numbers being no NFC ID (their records carry none).
 * Said, not a bare "no match": such a card is found by its alias or owner instead.
 */
export function noCardMatch(notNfcIds: number | undefined, otherwise: string): string {
  if (notNfcIds === undefined) return otherwise
  if (notNfcIds === 0) return commonWords().t('cardNoMatch.none')
  return commonWords().t('cardNoMatch.notCompared', { count: notNfcIds })
}
