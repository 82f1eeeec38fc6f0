import { agree, countOf } from '../../lib/plural'

const passes = (n: number) => countOf(n, 'pass', 'passes')

/** The Touch Pass list's size before a purchase was sent and after its answer (or its failure). */
export interface Listed {
  before: number
  after: number
}

/**
 * What a confirmed purchase bought, as the list shows it. The console may answer only the first
 * pass of several (facts E14), so its answer is not the count: the list before and after is.
 */
export function purchaseOutcome(asked: number, listed: Listed | undefined): string {
  if (!listed)
    return `The console confirmed buying ${passes(asked)}, but the Touch Pass list could not be read to count them: check the list before buying again.`
  const grew = listed.after - listed.before
  if (grew === asked)
    return `The console confirmed the purchase: the list grew by ${passes(grew)} (from ${listed.before} to ${listed.after}). New passes are unassigned until given to a user.`
  return `The console confirmed buying ${passes(asked)}, but the list grew by ${passes(grew)} (from ${listed.before} to ${listed.after}). Someone may have changed the list meanwhile: check it before buying again.`
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

/**
 * A purchase that failed, or whose answer was lost or could not be read (a cut connection, a proxy's
 * 502, a body no known console sends): the console may have bought the passes anyway. It is never
 * sent again; the list, counted before it was sent and again now, says what the console did. Only
 * when the count does not explain it is the user sent to check the list.
 *
 * A timeout is the one failure after which the console may still be buying: a list that has not
 * grown yet then proves nothing.
 */
export function failedPurchaseOutcome(
  asked: number,
  listed: Listed | undefined,
  failure: { kind: string; code?: string | undefined }
): FailedPurchase {
  const notSent = 'The purchase was not sent again.'
  if (!listed)
    return {
      settled: false,
      said: `${notSent} It may or may not have gone through, and the Touch Pass list could not be counted: close this dialog and check the Touch Pass list before trying again.`
    }
  const { before, after } = listed
  const grew = after - before
  if (grew === asked)
    return {
      settled: true,
      bought: grew,
      said: `${passes(grew)} ${agree(grew, 'was', 'were')} bought: the list grew from ${before} to ${after}. The console's answer was lost on the way back; the purchase was not sent again. New passes are unassigned until given to a user.`
    }
  if (grew === 0 && failure.code !== 'TIMEOUT')
    return {
      settled: true,
      bought: 0,
      said: `No pass was bought: the list still holds ${passes(after)}. ${notSent} You can start a new purchase.`
    }
  if (grew === 0)
    return {
      settled: false,
      said: `${notSent} The list has not grown (still ${passes(after)}), but the console may still be carrying out the purchase it did not answer in time: check the list in a minute before trying again.`
    }
  return {
    settled: false,
    said: `${notSent} The list went from ${before} to ${after}, not up by the ${asked} asked: someone may have changed it meanwhile. Check the list before trying again.`
  }
}
