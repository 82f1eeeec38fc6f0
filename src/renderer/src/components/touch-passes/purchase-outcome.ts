import { countOf } from '../../lib/plural'

const passes = (n: number) => countOf(n, 'pass', 'passes')

/**
 * What a confirmed purchase bought, as the list shows it. The console may answer only the first
 * pass of several (facts E14), so its answer is not the count: the list before and after is.
 */
export function purchaseOutcome(asked: number, listed: { before: number; after: number } | undefined): string {
  if (!listed)
    return `The console confirmed buying ${passes(asked)}, but the Touch Pass list could not be read to count them: check the list before buying again.`
  const grew = listed.after - listed.before
  if (grew === asked)
    return `The console confirmed the purchase: the list grew by ${passes(grew)} (from ${listed.before} to ${listed.after}). New passes are unassigned until given to a user.`
  return `The console confirmed buying ${passes(asked)}, but the list grew by ${passes(grew)} (from ${listed.before} to ${listed.after}). Someone may have changed the list meanwhile: check it before buying again.`
}
