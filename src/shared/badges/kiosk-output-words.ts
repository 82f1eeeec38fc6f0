import type { KioskCheckin } from '../kiosk/schemas'
import type { BadgeOutput } from './schemas'

/**
 * What the kiosk tells a visitor at the end, by where their badge went: beside `badgeOutputWords` (the
 * desk's naming of a print's output), for the kiosk's catalogue. The kiosk said "Take your badge from the
 * printer" whatever the output (issue 31): in web mode with no printer the badge goes to the browser's
 * print dialog, where the visitor must still choose Print, and the app cannot tell whether they did.
 * - `printer`: the app's printer took it ("Take your badge from the printer.").
 * - `print-dialog`: handed to the browser's print dialog (or its silent kiosk printing): said as such.
 * - `none`: no badge came out: the kiosk sends the visitor to the desk (its failed step, with the reason).
 */
export type KioskBadgeOutcome = 'printer' | 'print-dialog' | 'none'

export function kioskBadgeOutcome(checkin: Pick<KioskCheckin, 'printed' | 'output'>): KioskBadgeOutcome {
  if (!checkin.printed) return 'none'
  return outcomeOf(checkin.output ?? 'printer')
}

function outcomeOf(output: BadgeOutput): KioskBadgeOutcome {
  switch (output) {
    case 'printer':
      return 'printer'
    case 'browser-print':
      return 'print-dialog'
    // Never a kiosk's output (it prints, it does not save files), named so a new output is decided here.
    case 'pdf':
    case 'browser-pdf':
      return 'none'
  }
}

/** The kiosk catalogue's key of the closing words for a badge that came out (kiosk/<language>.json). */
export const kioskBadgeTakeKey = {
  printer: 'done.takeBadge',
  'print-dialog': 'done.badgeInPrintDialog'
} as const satisfies Record<Exclude<KioskBadgeOutcome, 'none'>, string>
