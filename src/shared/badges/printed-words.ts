/**
 * What a print to a badge printer is of, in the words of its failures: a visitor's badge, or the test
 * label Badges prints to check a printer (no visitor on it, never recorded). Main words every printer
 * failure once (printing/printer-failure.ts, ipp-print.ts, reasonWords in printer-state.ts) and asks
 * these words for the part that names the print, so a failed test label never says "No badge was
 * printed" and the renderer shows main's message as given.
 */
export type Printed = 'badge' | 'test label'

export interface PrintedWords {
  /** The print as a noun: "badge", "test label" ("refused the 62 × 100 mm badge"). */
  noun: string
  /** "the badge" ("did not take the badge"). */
  the: string
  /** The last sentence of every failure: "No badge was printed." */
  notPrinted: string
  /** The end of a hint: "print the badge again". */
  again: string
  /** The same, where the desk's place to do it is named: "print the badge again from Badges". */
  againFromBadges: string
  /** A job cancelled because it did not finish in time. */
  cancelled: string
}

const WORDS: Record<Printed, PrintedWords> = {
  badge: {
    noun: 'badge',
    the: 'the badge',
    notPrinted: 'No badge was printed.',
    again: 'print the badge again',
    againFromBadges: 'print the badge again from Badges',
    cancelled: 'The job was cancelled and the badge is not recorded as printed.'
  },
  'test label': {
    noun: 'test label',
    the: 'the test label',
    notPrinted: 'The test label was not printed.',
    // A test label is printed from Badges only, by its own button there.
    again: 'print a test label again',
    againFromBadges: 'print a test label again',
    cancelled: 'The job was cancelled and the test label was not printed.'
  }
}

/** The words of a print of `what` (a badge when not said). */
export function printedWords(what: Printed = 'badge'): PrintedWords {
  return WORDS[what]
}
