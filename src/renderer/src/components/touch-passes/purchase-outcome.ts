import type { PassWords } from './pass-words'
import { afterOutcome, readBackEnglish } from '../../../../shared/read-back-words'

/** The Touch Pass list's size before a purchase was sent and after its answer (or its failure). */
export interface Listed {
  before: number
  after: number
}

/**
 * What a confirmed purchase bought, as the list shows it. The console may answer only the first
 * pass of several (facts E14), so its answer is not the count: the list before and after is.
 */
export function purchaseOutcome(asked: number, listed: Listed | undefined, m: PassWords): string {
  if (!listed) return m.t('outcome.unread', { asked })
  const grew = listed.after - listed.before
  const counts = { asked, grew, before: listed.before, after: listed.after }
  if (grew === asked) return m.t('outcome.grew', counts)
  return m.t('outcome.differs', counts)
}

/** What a failed purchase did, as far as the list tells. */
export interface FailedPurchase {
  /** What happened and what to do, in one paragraph. */
  said: string
  /** The count explains what happened: the user need not check the list. */
  settled: boolean
  /** Passes the list gained by this purchase, when the count says so (0: nothing was bought). */
  bought?: number
}

/** Main's answers that nothing was sent, because this purchase's key was used by an earlier try. */
const EARLIER_TRY = new Set(['DONE_BEFORE', 'DUPLICATE_PURCHASE', 'SAME_WRITE_UNCHECKED'])

/**
 * A purchase that failed, or whose answer was lost or could not be read (a cut connection, a proxy's
 * 502, a body no known console sends): the console may have bought the passes anyway. It is never
 * sent again; the list, counted before it was sent and again now, says what the console did. Only
 * when the count does not explain it is the user sent to check the list.
 *
 * A timeout is the one failure after which the console may still be buying: a list that has not
 * grown yet then proves nothing. Bought although unanswered: the list read back says so, followed by
 * the one read-back sentence (`readBack`: the common area's, in the dialog's language; English by default).
 */
export function failedPurchaseOutcome(
  asked: number,
  listed: Listed | undefined,
  failure: { kind: string; code?: string | undefined },
  m: PassWords,
  readBack: string = readBackEnglish
): FailedPurchase {
  // Main did not send this try: an earlier one with the dialog's key stands (audit/same-write.ts).
  if (failure.code !== undefined && EARLIER_TRY.has(failure.code))
    return { settled: false, said: m.t('failed.triedBefore') }
  if (!listed) return { settled: false, said: m.t('failed.uncounted') }
  const { before, after } = listed
  const grew = after - before
  const counts = { asked, grew, before, after }
  if (grew === asked)
    return {
      settled: true,
      bought: grew,
      said: afterOutcome(m.t('failed.bought', counts), readBack)
    }
  if (grew === 0 && failure.code !== 'TIMEOUT')
    return {
      settled: true,
      bought: 0,
      said: m.t('failed.none', counts)
    }
  if (grew === 0)
    return {
      settled: false,
      said: m.t('failed.timeout', counts)
    }
  return {
    settled: false,
    said: m.t('failed.changed', counts)
  }
}
