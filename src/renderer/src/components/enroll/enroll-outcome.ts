import type { EnrollProgress } from '../../../../shared/enroll/schemas'

/**
 * What an enrollment's progress says once, in the app's one live region (action-outcome), when it
 * reaches a new state: the instruction while the reader waits, then the outcome. A failure is said by
 * its error notice (an alert) instead; a countdown second is never said (it would be read out each
 * second). null: nothing to say for this state.
 */
export function enrollOutcomeWords(progress: EnrollProgress, reset: boolean): string | null {
  switch (progress.state) {
    case 'waiting':
      // Said when Start is answered (waitingWords), with the focus on Cancel.
      return null
    case 'hold-longer':
      return 'Keep holding the card: the reader needs it for more than 5 seconds.'
    case 'done': {
      const card = progress.card ? `Card ${progress.card.cardId}` : 'Card'
      return `${card} enrolled${reset ? ' (reset from its previous site)' : ''}. Find who gets it, or enroll the next card.`
    }
    case 'timeout':
      return 'No card was read in time. Start again and hold the card on the reader for more than 5 seconds.'
    case 'cancelled':
      return 'Stopped. The reader is no longer waiting for a card.'
    default:
      return null
  }
}

/** What to do once the reader waits, said when Start is answered. */
export function waitingWords(readerLabel: string, reset: boolean): string {
  return `Present the card to ${readerLabel}, and hold it flat for more than 5 seconds.${reset ? ' Its enrollment at any other site will be reset.' : ''}`
}
