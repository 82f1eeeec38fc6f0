import type { EnrollProgress } from '../../../../shared/enroll/schemas'
import { enrollWords } from '../../lib/i18n/enroll-messages.svelte'

/**
 * What an enrollment's progress says once, in the app's one live region (action-outcome), when it
 * reaches a new state: the instruction while the reader waits, then the outcome. A failure is said by
 * its error notice (an alert) instead; a countdown second is never said (it would be read out each
 * second). null: nothing to say for this state.
 */
export function enrollOutcomeWords(progress: EnrollProgress, reset: boolean): string | null {
  const m = enrollWords()
  switch (progress.state) {
    case 'waiting':
      // Said when Start is answered (waitingWords), with the focus on Cancel.
      return null
    case 'hold-longer':
      return m.t('saidHold')
    case 'done': {
      const card = progress.card?.cardId
      if (card) return m.t(reset ? 'saidDoneReset' : 'saidDone', { card })
      return m.t(reset ? 'saidDoneNoIdReset' : 'saidDoneNoId')
    }
    case 'timeout':
      return m.t('saidTimeout')
    case 'cancelled':
      return m.t('stopped')
    default:
      return null
  }
}

/** What to do once the reader waits, said when Start is answered. */
export function waitingWords(readerLabel: string, reset: boolean): string {
  return enrollWords().t(reset ? 'saidWaitingReset' : 'saidWaiting', { reader: readerLabel })
}

/**
 * The words of the button that follows an ended wait: "Enroll next" only once a card was enrolled;
 * a wait that enrolled nothing (no card in time, stopped with Esc, refused) starts again, as its
 * message says ("Start again and hold the card…").
 */
export function afterWaitButtonKey(progress: EnrollProgress | null): 'next' | 'startAgain' {
  return progress?.state === 'done' ? 'next' : 'startAgain'
}
