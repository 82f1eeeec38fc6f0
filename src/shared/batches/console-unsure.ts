import { z } from 'zod'

/**
 * A card not found among the console's cards while some of them show no NFC ID (a card enrolled on a
 * UA reader shows its own number, facts 1.9): "not on the console" cannot be claimed outright. Sent as
 * counts, so each desk says it in its language (renderer lib/i18n/console-unsure-words.ts) and main
 * in the catalogue's English (the CLI's words): `shown`, the cards that show their NFC ID; `without`,
 * those that do not (at least one, or nothing is unsure).
 */
export const consoleUnsureSchema = z.object({
  shown: z.number().int().min(0),
  without: z.number().int().min(1)
})
export type ConsoleUnsure = z.infer<typeof consoleUnsureSchema>

/**
 * The catalogue key (import area, `unsure.*`) that says it: of one typed card or of the rows a check did
 * not find; and, when no card of the console shows its NFC ID, without comparing with "the 0 that show one".
 */
export function consoleUnsureKey<Of extends 'typed' | 'checked'>(
  of: Of,
  unsure: ConsoleUnsure
): `unsure.${Of}` | `unsure.${Of}NoneShown` {
  return unsure.shown === 0 ? `unsure.${of}NoneShown` : `unsure.${of}`
}
