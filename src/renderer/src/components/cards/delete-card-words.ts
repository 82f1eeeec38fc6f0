import type { NfcCard } from '../../../../shared/access/nfc-cards'

/**
 * What deleting a card does, in words true for its status. Only an assigned card opens doors for
 * someone, so only there does deleting take a person's access away; a disabled or lost card opens no
 * door already (it may still name who had it), a pending one is a spare, and one the console lists as
 * deleted is only still on its list.
 *
 * `owner`: the name of whoever the card names ('' when it names nobody).
 */
export function deleteCardWords(card: Pick<NfcCard, 'status' | 'user_type'>, owner: string): string {
  const who = card.user_type === 'VISITOR' ? 'visitor' : 'user'
  switch (card.status) {
    case 'assigned':
      return owner
        ? `It belongs to ${owner} (${who}), who will no longer open doors with it.`
        : 'It is assigned, and stops opening doors.'
    case 'disable':
      return `It is disabled: it opens no doors now${owner ? ` (it still names ${owner}, ${who})` : ''}, so nobody loses access. Deleting removes it from the console's cards.`
    case 'loss':
      return `It is marked lost: it opens no doors now${owner ? ` (it still names ${owner}, ${who})` : ''}, so nobody loses access. Deleting removes it from the console's cards; if it turns up, enroll it again to use it.`
    case 'deleted':
      return "The console already lists it as deleted: it opens no doors. Deleting removes it from the console's list for good."
    case 'pending':
      return 'It is a spare card, not assigned to anyone: nobody loses access. Deleting removes it from the spare cards; to use it again, enroll it again.'
  }
}
