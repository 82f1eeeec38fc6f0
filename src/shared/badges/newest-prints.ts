import type { BadgeHistoryEntry } from './schemas'

/**
 * Visitor → when the newest of their badges was printed, from the print history. Main compares it
 * with the QR codes revoked since (Today's rows); the renderer with the rows it holds.
 */
export function newestPrints(
  history: readonly Pick<BadgeHistoryEntry, 'visitorId' | 'printedAt' | 'failed'>[]
): Map<string, string> {
  const newest = new Map<string, string>()
  // ISO times of one clock compare as strings. A print the printer did not finish is no badge printed.
  for (const e of history)
    if (!e.failed && (newest.get(e.visitorId) ?? '') < e.printedAt) newest.set(e.visitorId, e.printedAt)
  return newest
}
