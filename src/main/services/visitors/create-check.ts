import { AppError } from '../../../shared/errors'
import type { Visitor } from '../../../shared/access/visitors'
import type { AccessClient } from '../access/client'
import { answerLost, notDoneError } from '../access/lost-answer'
import { settleWrite } from '../audit/settle-write'
import { findVisit, type VisitKey } from '../access/read-back-rules'

/** A visitor created whose answer was lost, found by reading the console back (the screen says so). */
export type CreatedVisitor = Visitor & { readBack?: true }

export type { VisitKey }

/**
 * Create the visitor, once: `create` sends E17 (no idempotency key, and a visitor record has no
 * creation time). Whether this create is the same visit as an earlier one whose answer was lost is
 * decided in one place, the audit's same-write rule (audit/same-write.ts), which reads the trail in
 * this run and after a restart alike: it reads the earlier try back before this one is sent, and
 * answers DONE_BEFORE when the console holds it. Here is only what the create answers:
 * - sent and answered: the visitor created;
 * - DONE_BEFORE: the visitor the earlier try made, marked `readBack` like a visitor found right after a
 *   lost answer: the screen says the first try is the one that counted (the one read-back sentence),
 *   never "added" as if this try had created it;
 * - its answer lost: read back at once (readBack below).
 * Anything else (SAME_WRITE_UNCHECKED included: nothing was sent) is thrown as it came.
 */
export async function createOnce(
  client: Pick<AccessClient, 'visitors'>,
  visit: VisitKey,
  create: () => Promise<Visitor>
): Promise<CreatedVisitor> {
  try {
    return await create()
  } catch (err) {
    const e = AppError.from(err)
    if (e.code === 'DONE_BEFORE') return doneBefore(client, visit, err)
    if (!answerLost(e)) throw err
    return readBack(client, visit, err, e)
  }
}

/** The visitor an earlier create made, marked `readBack` as a visitor found after a lost answer is. */
async function doneBefore(
  client: Pick<AccessClient, 'visitors'>,
  visit: VisitKey,
  err: unknown
): Promise<CreatedVisitor> {
  const found = await findVisit(client, visit).catch(() => undefined)
  if (!found) throw err
  return { ...found, readBack: true }
}

/**
 * The answer of a create was lost: the console may have created the visitor. Nothing is sent
 * again; the console is read at once (in main, like a Touch Pass purchase) and the answer is what
 * it holds, the audit row settled with it (settleWrite):
 * - the visitor of this visit (same name and window: a visitor record has no creation time, and
 *   the list gives nothing newer to tell two such visits apart), marked `readBack`;
 * - none: an error saying it was not created (`details.outcome = 'not-done'`): trying again is safe;
 * - the read failed too: the lost-answer error as it came ("still unknown"). Its audit row stays
 *   Unknown, and the next create of the same visit is read back first by the same-write rule.
 */
async function readBack(
  client: Pick<AccessClient, 'visitors'>,
  visit: VisitKey,
  err: unknown,
  e: AppError
): Promise<CreatedVisitor> {
  let found: Visitor | undefined
  try {
    found = await findVisit(client, visit)
  } catch {
    throw err
  }
  if (found) {
    await settleWrite(err, { done: true, fact: { kind: 'readBackVisitor', id: found.id } })
    return { ...found, readBack: true }
  }
  await settleWrite(err, { done: false })
  throw notDoneError(
    e,
    "The visitor was not created: the console's answer was lost, and reading it back shows no such visitor.",
    { readBack: 'visitor-not-created' },
    'Nothing was created on the console, so trying again is safe.'
  )
}
