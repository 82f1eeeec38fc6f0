import { z } from 'zod'

/**
 * Something main says as facts for the desk to word: a catalogue key of a known list and the values its
 * message takes (names, counts, an ISO time each desk writes in its own format). The one shape of a CSV
 * line's `said`, a CSV file's note and a batch row's reason.
 */
export function saidSchema<const K extends readonly [string, ...string[]]>(keys: K) {
  return z.object({
    key: z.enum(keys),
    values: z.record(z.string(), z.union([z.string(), z.number()])).optional()
  })
}
