import { formatCount } from './numbers'

/**
 * The one rule for agreeing words with a count in the renderer: one is singular, anything else
 * (zero included) is plural. English only, so the plural is given where it is not the word + s.
 */

/** The word that agrees with n: `agree(2, 'is', 'are')` → "are". */
export function agree(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many
}

/** The count with its word, written as the desk's locale writes numbers: "1 visitor", "2,500 visitors". */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${agree(n, one, many)}`
}
