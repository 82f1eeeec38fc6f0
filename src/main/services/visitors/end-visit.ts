import { AppError } from '../../../shared/errors'
import { visitorDisplayName, type Visitor } from '../../../shared/access/visitors'
import { afterOutcome, readBackEnglish } from '../../../shared/read-back-words'
import type { AccessClient } from '../access/client'
import { answerLost, notDoneError } from '../access/lost-answer'
import { settleWrite } from '../audit/settle-write'

/**
 * Ends a visit now: E18 with its end time only (E18 is partial, facts §4.5), so nothing else the
 * console holds is written. The console lets a visitor in only within the window, so from now on the
 * visitor's PIN, cards and QR code open no door; the record stays (with its credentials).
 *
 * An answer lost (a cut, a proxy's page, any 5xx) is read back: the visitor's end at or before the
 * end sent is the visit ended (answered `readBack`, the audit row settled done); an end still ahead
 * is not ended (said so, trying again is safe; the row settled not done). A read that fails too: the
 * lost answer as it came.
 */
export async function endVisitReadingBack(
  client: { visitors: Pick<AccessClient['visitors'], 'update' | 'get'> },
  id: string,
  end: number
): Promise<{ record: Visitor; readBack?: true }> {
  try {
    return { record: await client.visitors.update(id, { end_time: end }) }
  } catch (err) {
    if (!(err instanceof AppError) || !answerLost(err)) throw err
    const found = await client.visitors.get(id).catch(() => {
      throw err
    })
    if (found.end_time !== undefined && found.end_time <= end) {
      await settleWrite(err, { done: true })
      return { record: found, readBack: true }
    }
    await settleWrite(err, { done: false })
    const name = visitorDisplayName(found)
    throw notDoneError(
      err,
      afterOutcome(
        `The visit of ${name} was not ended: the console still lets them in until its end.`,
        readBackEnglish
      ),
      { readBack: 'visit-not-ended', name }
    )
  }
}
