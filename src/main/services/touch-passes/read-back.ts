import { AppError } from '../../../shared/errors'
import type { TouchPass } from '../../../shared/access/touch-passes'
import type { AccessClient } from '../access/client'
import { answerLost, notDoneError } from '../access/lost-answer'
import { settleWrite } from '../audit/settle-write'
import { passesGiven } from '../access/read-back-rules'
import { givenFinding } from '../audit/read-back-findings'

/**
 * Giving a Touch Pass and taking it back (and renaming, suspending, activating it), when the console's answer is lost (the connection cut
 * after the request went out, a proxy's 502): the console may have done it. Nothing is sent again;
 * the pass (or each user) is read back and the answer is what the console now holds:
 * - done: the pass as read, marked `readBack` (the screen says the answer was lost and this was read);
 * - not done: an error saying so, with `details.outcome = 'not-done'` and the pass read in
 *   `details.pass`: trying again is safe;
 * - the read failed too: the lost-answer error as it came (`details.answerLost`), never "not done".
 * Any other failure (a refusal the console answered) is thrown as it came.
 */
export async function readBackPass(
  c: AccessClient,
  err: unknown,
  id: string,
  done: (pass: TouchPass) => boolean,
  notDone: string | ((pass: TouchPass) => string),
  /** What the read found, for the screen to say it in its language (shared/errors-wording readBackWording). */
  found?: (pass: TouchPass) => Record<string, string>
): Promise<TouchPass & { readBack: true }> {
  const e = AppError.from(err)
  if (!answerLost(e)) throw e
  let pass: TouchPass
  try {
    pass = await c.touchPasses.get(id)
  } catch {
    throw e
  }
  // The audit row of the write, Unknown till now, says what the read found.
  await settleWrite(err, { done: done(pass) })
  if (done(pass)) return { ...pass, readBack: true }
  throw notDoneError(e, typeof notDone === 'string' ? notDone : notDone(pass), { pass, ...found?.(pass) })
}

/** What a batch gave (§3.27), said or read back. */
export interface GivenMany {
  items: TouchPass[]
  /** The console's answer was lost: `items` are the passes read back on the users. */
  readBack?: true
  /** Read back: the users the console did not give a pass to (give them one again). */
  notGiven?: string[]
}

/**
 * A batch whose answer was lost: each user is read back. A user counts as served when they now hold
 * a pass that was free before the batch was sent (`freeBefore`, the assignable list read first), so a
 * pass they held already is never taken for one given now. When the list before could not be read,
 * or a user cannot be read, what happened is unknown: the lost-answer error stands.
 */
export async function readBackMany(
  c: AccessClient,
  err: unknown,
  userIds: string[],
  freeBefore: Set<string> | undefined
): Promise<GivenMany> {
  const e = AppError.from(err)
  if (!answerLost(e) || !freeBefore) throw e
  let items: TouchPass[]
  let notGiven: string[]
  try {
    ;({ given: items, notGiven } = await passesGiven(c, userIds, freeBefore))
  } catch {
    throw e
  }
  await settleWrite(err, givenFinding(items.length, notGiven))
  if (items.length === 0) {
    throw notDoneError(
      e,
      "No pass was given: the console's answer was lost, and reading the users back shows none of them got a pass.",
      { notGiven, readBack: 'passes-not-given' }
    )
  }
  return { items, readBack: true, ...(notGiven.length > 0 ? { notGiven } : {}) }
}
