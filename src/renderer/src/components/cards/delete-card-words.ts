import type { NfcCard } from '../../../../shared/access/nfc-cards'
import type { Words } from '../../../../shared/i18n/translator'
import type { AreaKeys } from '../../../../shared/i18n/areas'

/**
 * What deleting a card does, in words true for its status. Only an assigned card opens doors for
 * someone, so only there does deleting take a person's access away; a disabled or lost card opens no
 * door already (it may still name who had it), a pending one is a spare, and one the console lists as
 * deleted is only still on its list.
 *
 * `owner`: the name of whoever the card names ('' when it names nobody). `m`: the screen's words
 * (the desk's language).
 */
export function deleteCardWords(
  card: Pick<NfcCard, 'status' | 'user_type'>,
  owner: string,
  m: Words<AreaKeys['cards']>
): string {
  const named = { name: owner, kind: card.user_type === 'VISITOR' ? 'visitor' : 'user' }
  switch (card.status) {
    case 'assigned':
      return owner ? m.t('effect.assigned', named) : m.t('effect.assignedNobody')
    case 'disable':
      return owner ? m.t('effect.disableNamed', named) : m.t('effect.disable')
    case 'loss':
      return owner ? m.t('effect.lossNamed', named) : m.t('effect.loss')
    case 'deleted':
      return m.t('effect.deleted')
    case 'pending':
      return m.t('effect.pending')
  }
}
