import type { BadgeOutput } from './schemas'
import type { AreaKeys } from '../i18n/areas'
import type { Words } from '../i18n/translator'

/**
 * What a badge's output means: the one rule every reader of a print record goes by (the kiosk's own
 * check-in record and its words to the visitor, Today's badge column and kiosk list, Badges' history,
 * the Audit).
 * - `printed`: a printer the app drove took it (an IPP printer or queue, or the desktop app's window,
 *   which reports the job's end): printed.
 * - `print-dialog`: handed to the browser's print dialog (web mode), or its silent kiosk printing. The
 *   dialog tells the app nothing of what was done in it (printed, saved, cancelled; a printer out of
 *   labels): never said "printed". The kiosk tells the visitor to see the desk if none came out.
 * - `saved`: a PDF file, made by the app or by the browser's "Save as PDF": nothing was printed.
 */
export type PrintOutcome = 'printed' | 'print-dialog' | 'saved'

export function printOutcome(output: BadgeOutput): PrintOutcome {
  switch (output) {
    case 'printer':
      return 'printed'
    case 'browser-print':
      return 'print-dialog'
    case 'pdf':
    case 'browser-pdf':
      return 'saved'
  }
}

/**
 * Where a badge went, in the words of Badges' catalogue in one language: the one naming of a print's
 * output, for Badges' print history, Today's badge column and Audit's line (the renderer's
 * badgeOutputWords gives the desk's catalogue; main's audit detail, search and CSV give theirs). The
 * browser's print dialog tells the app nothing of what the person did in it (printed, saved, cancelled):
 * a badge handed to it is "sent to the print dialog", never "printed". Lower case, to follow other
 * words; `capitalised` for a cell of its own.
 */
export function badgeOutputIn(
  entry: { output: BadgeOutput; printer?: string | undefined },
  words: Words<AreaKeys['badges']>
): string {
  // The printer's name, as the printer lists name it; Electron's dialog with no printer chosen: the default.
  if (entry.output === 'printer') return entry.printer ?? words.t('output.defaultPrinter')
  return words.t(`output.${entry.output}`)
}

/** The same words at the start of a cell: "Sent to the print dialog". */
export function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1)
}
