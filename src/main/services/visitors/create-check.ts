import { AppError } from '../../../shared/errors'
import type { Visitor } from '../../../shared/access/visitors'
import type { AccessClient } from '../access/client'
import { answerLost, notDoneError } from '../access/lost-answer'
import { settleWrite } from '../audit/settle-write'
import { findVisit, type VisitKey } from '../access/read-back-rules'
import { CHECK_AFTER_LOST_MS } from '../audit/same-write'

/** A visitor created whose answer was lost, found by reading the console back (the screen says so). */
export type CreatedVisitor = Visitor & { readBack?: true }

export type { VisitKey }

/** How long after a create whose answer was lost the next create of the same visit is checked first. */
export { CHECK_AFTER_LOST_MS }

const keyOf = (v: VisitKey) =>
  JSON.stringify([v.first_name.trim().toLowerCase(), v.last_name.trim().toLowerCase(), v.start_time, v.end_time])

/**
 * Creates of a visitor whose answer was lost (E17 has no idempotency key, and a visitor record has
 * no creation time): the console may have created the visitor. When the person tries again — the
 * same name and window within CHECK_AFTER_LOST_MS — the console is asked first, and the visitor
 * it holds is the answer: nobody gets a second visitor for one visit. Any other create goes
 * straight through, with no extra read. Held in memory for this run; across a restart the audit
 * journal holds the lost create, and the audit's read-back of the same write (audit/same-write.ts)
 * answers DONE_BEFORE in place of sending it again: its visitor is then the answer here too.
 */
export class VisitorCreateCheck {
  /** Visits whose create answer was lost and could not be read back: when, and the error the write's audit row awaits. */
  private readonly lost = new Map<string, { at: number; err: unknown }>()

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Create the visitor, once: `create` sends E17. A visitor found for an earlier lost create of the
   * same visit is returned instead of sending again, marked `readBack` like a visitor found right
   * after the lost answer: the screen says the first try is the one that counted (the one read-back
   * sentence), never "added" as if this try had created it. A check that cannot read the console
   * throws (nothing is sent then: the person tries again when it answers).
   */
  async create(
    client: Pick<AccessClient, 'visitors'>,
    visit: VisitKey,
    create: () => Promise<Visitor>
  ): Promise<CreatedVisitor> {
    const key = keyOf(visit)
    const lost = this.lost.get(key)
    if (lost !== undefined && this.now() - lost.at <= CHECK_AFTER_LOST_MS) {
      const found = await findVisit(client, visit)
      if (found) {
        this.lost.delete(key)
        // The first try's audit row, Unknown till now, says what this read found (once: a later check may have).
        await settleWrite(lost.err, { done: true, fact: { kind: 'readBackVisitor', id: found.id } })
        return { ...found, readBack: true }
      }
    }
    try {
      const created = await create()
      this.lost.delete(key)
      return created
    } catch (err) {
      const e = AppError.from(err)
      // The same visit's earlier create, whose answer was lost (in this run or before a restart), was
      // found done by the audit's read-back (audit/same-write.ts): nothing was sent, its visitor is the answer.
      if (e.code === 'DONE_BEFORE') return this.doneBefore(client, visit, err)
      if (!answerLost(e)) throw err
      return this.readBack(client, visit, key, err, e)
    }
  }

  /** The visitor an earlier create made, marked `readBack` as a visitor found after a lost answer is. */
  private async doneBefore(
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
   * - the read failed too: the lost-answer error as it came ("still unknown"), and the next create of
   *   the same visit is checked first (CHECK_AFTER_LOST_MS).
   */
  private async readBack(
    client: Pick<AccessClient, 'visitors'>,
    visit: VisitKey,
    key: string,
    err: unknown,
    e: AppError
  ): Promise<CreatedVisitor> {
    let found: Visitor | undefined
    try {
      found = await findVisit(client, visit)
    } catch {
      this.lost.set(key, { at: this.now(), err })
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
}
