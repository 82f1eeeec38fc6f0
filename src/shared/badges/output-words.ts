import type { BadgeOutput } from './schemas'

/**
 * Where a badge went, in the desk's words: the one naming of a print's output, for Badges' print history,
 * Today's badge column and Audit's line (main writes the audit detail with it). The browser's print dialog
 * tells the app nothing of what the person did in it (printed, saved, cancelled): a badge handed to it is
 * "sent to the print dialog", never "printed". Lower case, to follow other words; `capitalised` for a
 * cell of its own.
 */
export function badgeOutputWords(entry: { output: BadgeOutput; printer?: string | undefined }): string {
  switch (entry.output) {
    case 'printer':
      // The printer's name, as the printer lists name it; Electron's dialog with no printer chosen: the default.
      return entry.printer ?? 'the default printer'
    case 'pdf':
      return 'saved as PDF'
    case 'browser-pdf':
      return 'saved as PDF by the browser'
    case 'browser-print':
      return 'sent to the print dialog'
  }
}

/** The same words at the start of a cell: "Sent to the print dialog". */
export function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1)
}
