/**
 * Counts as the desk's locale writes them ("20,000"). One formatter for the renderer, made when the
 * app starts: the first number a page formats loads the locale's number data (several ms), which
 * would otherwise land on the frame that first shows a count, the Cards screen's first rows.
 */
const counts = new Intl.NumberFormat()

export function formatCount(n: number): string {
  return counts.format(n)
}
