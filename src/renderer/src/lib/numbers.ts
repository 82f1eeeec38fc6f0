import { deskFormats } from './i18n/desk-formats'

/**
 * Counts as the desk's language writes them ("20,000", "20.000"): shared/format's formatter, made once
 * per locale. Made when the app starts (desk-language warms it below): the first number a page formats
 * loads the locale's number data (several ms), which would otherwise land on the frame that first shows
 * a count, the Cards screen's first rows.
 */
export function formatCount(n: number): string {
  return deskFormats().count(n)
}

formatCount(0)
