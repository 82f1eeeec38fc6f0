/**
 * A Touch Pass card id as the console writes it: four groups of four uppercase hex characters joined by
 * `-` ("057B-D703-7A1E-22C4", facts 5). People type it as they read it off a phone or a list, often
 * without the dashes ("057bd703"), which the console's search (E10) does not find: its condition is
 * matched as written.
 *
 * The typed text as the start of a card id, or undefined when it cannot be one: 5 to 16 hex characters
 * once spaces, dashes and colons are taken out, grouped by four from the start as the console groups
 * them. Shorter text (up to 4 characters) needs no dash and is searched as typed.
 */
export function cardIdFromTyped(typed: string): string | undefined {
  const hex = typed.replace(/[\s:-]/g, '')
  if (!/^[0-9a-f]{5,16}$/i.test(hex)) return undefined
  return (hex.toUpperCase().match(/.{1,4}/g) ?? []).join('-')
}
