import { AppError } from '../../../shared/errors'
import { visitorDisplayName } from '../../../shared/access/visitors'
import { afterOutcome, readBackEnglish } from '../../../shared/read-back-words'
import type { AccessClient } from '../access/client'
import { answerLost, notDoneError } from '../access/lost-answer'
import { visitCancelFound } from '../access/read-back-rules'
import { settleWrite } from '../audit/settle-write'

/**
 * A visit cancel (§4.6 without force) whose answer was lost (a cut, a proxy's page, any 5xx), read
 * back: the visitor CANCELLED, the cancel was done (answered `readBack`, the row settled done); still
 * expected, it was not (said so, trying again is safe; the row settled not done); the visitor gone
 * (deleted by another desk), there is nothing to cancel, said so — the row stays Unknown, as nothing
 * read can tell whether this cancel came first. A read that fails too: the lost answer as it came.
 */
export async function cancelReadingBack(
  client: { visitors: Pick<AccessClient['visitors'], 'remove' | 'get'> },
  id: string
): Promise<{ readBack?: true }> {
  try {
    await client.visitors.remove(id)
    return {}
  } catch (err) {
    if (!(err instanceof AppError) || !answerLost(err)) throw err
    const found = await visitCancelFound(client, id).catch(() => {
      throw err
    })
    if (found.state === 'cancelled') {
      await settleWrite(err, { done: true })
      return { readBack: true }
    }
    if (found.state === 'gone') {
      throw new AppError({
        ...err.toData(),
        kind: 'not-found',
        message: afterOutcome(
          'This visitor is no longer on the console (deleted by another desk): there is no visit to cancel.',
          readBackEnglish
        ),
        hint: 'Refresh the list.',
        retryable: false,
        // `readBack`: what the read found, for the desk to say it in its language (shared/errors-wording).
        details: { ...err.details, answerLost: true, readBack: 'visit-gone' }
      })
    }
    await settleWrite(err, { done: false })
    const name = visitorDisplayName(found.visitor)
    throw notDoneError(
      err,
      afterOutcome(`The visit of ${name} was not cancelled: the console still expects them.`, readBackEnglish),
      { readBack: 'visit-not-cancelled', name }
    )
  }
}
