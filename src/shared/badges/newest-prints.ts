import type { BadgeHistoryEntry, BadgeOutput } from './schemas'
import { printOutcome, type PrintOutcome } from './output-words'

type Printed = Pick<BadgeHistoryEntry, 'visitorId' | 'printedAt' | 'failed'> & { output?: BadgeOutput }

/** How much an output tells of a badge in the visitor's hand: printed, then handed to a dialog, then saved. */
const telling: Record<PrintOutcome, number> = { printed: 2, 'print-dialog': 1, saved: 0 }

/**
 * Visitor → their badge from the print history: when the newest was made (`at`, compared with the QR
 * codes revoked since), and the most telling output of them all (`output`), the one rule Today's badge
 * column, Badges and the kiosk list say: a badge printed on Lobby is not undone by a later print
 * dialog or PDF, which tell nothing of what came out ("Sent to the print dialog" would hide the real
 * badge). Of outputs as telling, the newest. A print the printer did not finish is no badge.
 */
export function newestBadges(history: readonly Printed[]): Map<string, { at: string; output?: BadgeOutput }> {
  const newest = new Map<string, { at: string; output?: BadgeOutput }>()
  const rank = (o: BadgeOutput | undefined) => (o ? telling[printOutcome(o)] : telling.printed)
  for (const e of history) {
    if (e.failed) continue
    const held = newest.get(e.visitorId)
    // ISO times of one clock compare as strings.
    const at = !held || held.at < e.printedAt ? e.printedAt : held.at
    const keepsOutput =
      held && (rank(held.output) > rank(e.output) || (rank(held.output) === rank(e.output) && held.at > e.printedAt))
    const output = keepsOutput ? held.output : e.output
    newest.set(e.visitorId, { at, ...(output ? { output } : {}) })
  }
  return newest
}

/**
 * Visitor → when the newest of their badges was printed, from the print history. Main compares it
 * with the QR codes revoked since (Today's rows); the renderer with the rows it holds.
 */
export function newestPrints(history: readonly Printed[]): Map<string, string> {
  return new Map([...newestBadges(history)].map(([id, badge]) => [id, badge.at]))
}

/** Visitor → the most telling output of their badges (see newestBadges). */
export function newestOutputs(history: readonly Printed[]): Map<string, BadgeOutput> {
  const outputs = new Map<string, BadgeOutput>()
  for (const [id, badge] of newestBadges(history)) if (badge.output) outputs.set(id, badge.output)
  return outputs
}

/**
 * A failed print → when a badge of the same visitor was printed after it (the newest such print), for
 * each failure followed by one: its row says so and invites no second badge. Only a badge the printer
 * printed counts (an entry from before outputs were kept is one); a print dialog or a PDF tells nothing
 * of a badge in the visitor's hand.
 */
export function printedLater(history: readonly (Printed & Pick<BadgeHistoryEntry, 'id'>)[]): Map<string, string> {
  const later = new Map<string, string>()
  const printed = history.filter((e) => !e.failed && (!e.output || printOutcome(e.output) === 'printed'))
  for (const failure of history) {
    if (!failure.failed) continue
    for (const e of printed) {
      // ISO times of one clock compare as strings.
      if (e.visitorId !== failure.visitorId || e.printedAt <= failure.printedAt) continue
      const held = later.get(failure.id)
      if (!held || held < e.printedAt) later.set(failure.id, e.printedAt)
    }
  }
  return later
}
