import type { KioskCheckin } from '../kiosk/schemas'
import { printOutcome } from './output-words'

/**
 * Where the kiosk's badge went, from its check-in record, by the one rule of what an output means
 * (output-words.ts `printOutcome`): what the kiosk tells the visitor at the end, what Today's kiosk list
 * says, and whether the check-in is an arrival (shared/today/groups.ts).
 * - `printer`: the app's printer printed it ("Take your badge from the printer.").
 * - `print-dialog`: handed to the browser's print dialog (web mode with no printer of the app's, or
 *   Chromium's silent kiosk printing): the app cannot know it was printed, so the record says
 *   `printed: false` with `output: 'browser-print'` and no failure (a record written before said
 *   `printed: true`: read the same). The visitor is told to take the badge, and to see the desk if
 *   none came out; the desk sees "Sent to the print dialog".
 * - `none`: no badge came out (a failure recorded, or a refusal): the kiosk sends the visitor to the desk.
 * Whether the visitor arrived is not the badge's outcome but `kioskArrived`.
 */
export type KioskBadgeOutcome = 'printer' | 'print-dialog' | 'none'

export function kioskBadgeOutcome(
  checkin: Pick<KioskCheckin, 'printed' | 'output' | 'printError' | 'printFailure' | 'refusal'>
): KioskBadgeOutcome {
  if (checkin.refusal || checkin.printError !== undefined || checkin.printFailure !== undefined) return 'none'
  // Before the output was recorded, a check-in that printed was the app's printer's.
  const outcome = printOutcome(checkin.output ?? 'printer')
  if (outcome === 'print-dialog') return 'print-dialog'
  return outcome === 'printed' && checkin.printed ? 'printer' : 'none'
}

/**
 * Whether a kiosk check-in is an arrival: the kiosk took the visit (no refusal), so the visitor is at the
 * building — with a badge or, when it did not print (out of labels, printer not ready), without one. That
 * is the one truth every screen says of them: the kiosk "You are checked in, but no badge came out",
 * Today's group Here (shared/today/groups.ts arrivalsOn), and its kiosk list "Checked in, no badge" —
 * the desk prints the badge. A refusal (not yet open, over, cancelled, no door, too many wrong names)
 * checked nobody in.
 */
export function kioskArrived(checkin: Pick<KioskCheckin, 'refusal'>): boolean {
  return !checkin.refusal
}

/** The kiosk catalogue's key of the closing words for a badge that came out (kiosk/<language>.json). */
export const kioskBadgeTakeKey = {
  printer: 'done.takeBadge',
  'print-dialog': 'done.badgeInPrintDialog'
} as const satisfies Record<Exclude<KioskBadgeOutcome, 'none'>, string>
