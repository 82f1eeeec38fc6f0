import { AppError } from '../../../shared/errors'
import { answerLost } from '../access/lost-answer'

/** The error code the Cards screen knows a card gone from the console by (it drops the card at once). */
export const CARD_GONE = 'CARD_GONE'

/** Whether the console answered that it has no such card. */
export const notFound = (err: unknown): boolean => err instanceof AppError && err.kind === 'not-found'

/** Whether a write's answer was lost (the console may have done it: read it back before saying anything). */
export const lostAnswer = (err: unknown): boolean => err instanceof AppError && answerLost(err)

/**
 * A write to a card the console no longer has: deleted here (an earlier delete whose answer was
 * lost) or by another desk. Said with the card's number, so the person knows which, and why the
 * card leaves the list without a Refresh.
 */
export function cardGone(token: string, displayId: string | undefined): AppError {
  return new AppError({
    kind: 'not-found',
    code: CARD_GONE,
    message: `Card ${displayId || token.slice(0, 8)} is no longer on the console (deleted here or by another desk).`,
    hint: 'It has left the list. Nothing else was changed.',
    details: { token, card: displayId || token.slice(0, 8) }
  })
}
