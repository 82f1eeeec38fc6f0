import { cardsWords } from '../../lib/i18n/cards-messages.svelte'

/**
 * A card's type in the desk's language: only `ua_card` is known (facts 6.7); any other code is
 * "another type", its code shown in the details (as shared nfcCardTypeWords says it for main).
 */
export function cardTypeWord(cardType: string): string {
  if (cardType === 'ua_card') return cardsWords().t('type.ua_card')
  return cardType ? cardsWords().t('type.other') : '—'
}
