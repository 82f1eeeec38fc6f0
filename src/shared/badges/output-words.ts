import type { BadgeOutput } from './schemas'
import type { AreaKeys } from '../i18n/areas'
import type { Words } from '../i18n/translator'

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
