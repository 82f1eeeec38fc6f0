import type { BadgeHistoryEntry, BadgeOutput } from './schemas'

type Printed = Pick<BadgeHistoryEntry, 'visitorId' | 'printedAt' | 'failed'> & { output?: BadgeOutput }

/**
 * Visitor → their newest badge from the print history: when, and where it went (Today says "Sent to the
 * print dialog" rather than "Printed" for a badge handed to the browser's dialog: output-words.ts).
 */
export function newestBadges(history: readonly Printed[]): Map<string, { at: string; output?: BadgeOutput }> {
  const newest = new Map<string, { at: string; output?: BadgeOutput }>()
  // ISO times of one clock compare as strings. A print the printer did not finish is no badge printed.
  for (const e of history)
    if (!e.failed && (newest.get(e.visitorId)?.at ?? '') < e.printedAt)
      newest.set(e.visitorId, { at: e.printedAt, ...(e.output ? { output: e.output } : {}) })
  return newest
}

/**
 * Visitor → when the newest of their badges was printed, from the print history. Main compares it
 * with the QR codes revoked since (Today's rows); the renderer with the rows it holds.
 */
export function newestPrints(history: readonly Printed[]): Map<string, string> {
  return new Map([...newestBadges(history)].map(([id, badge]) => [id, badge.at]))
}

/** Visitor → where their newest badge went (see newestBadges). */
export function newestOutputs(history: readonly Printed[]): Map<string, BadgeOutput> {
  const outputs = new Map<string, BadgeOutput>()
  for (const [id, badge] of newestBadges(history)) if (badge.output) outputs.set(id, badge.output)
  return outputs
}
