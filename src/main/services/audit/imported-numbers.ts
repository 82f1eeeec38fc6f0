import type { ImportedCardNumbers } from '../../../shared/audit/schemas'
import type { NfcCard } from '../../../shared/access/nfc-cards'
import type { ReadAfter } from '../access/http'
import type { AuditReader } from './write-names'

/**
 * An import's answer names each card it made by its token only (spec 2.4), never by the number the
 * console shows it by: that number is read from the console's card list, the one Import reads for its
 * rows ("imported as card …"): an upload's part gives its read with the write (`readAfter`,
 * batches/cards-after-parts.ts), so the list is read once for both; another import is read for here.
 * Bounded: a slow list leaves the cards named by their NFC IDs only (a check of the batch names them
 * later) — the caller's read goes on for the caller; the read's failure never fails the import.
 */
const READ_LIMIT_MS = 10_000

/** The numbers of the cards an import made (`tokens`: NFC ID → token, from its answer), or none. */
export async function importedNumbers(
  reader: AuditReader | undefined,
  tokens: readonly (readonly [string, string])[],
  readAfter?: ReadAfter
): Promise<ImportedCardNumbers | undefined> {
  const shared = readAfter?.cards
  if ((!reader && !shared) || tokens.length === 0) return undefined
  try {
    const cards = shared
      ? await withinLimit(shared())
      : await reader!.nfcCards.all({ signal: AbortSignal.timeout(READ_LIMIT_MS), timeoutMs: READ_LIMIT_MS })
    const byToken = new Map(cards.map((card) => [card.token, card.display_id]))
    const numbers: ImportedCardNumbers = tokens.flatMap(([nfcId, token]) => {
      const number = byToken.get(token)
      return number ? [[nfcId, number] as [string, string]] : []
    })
    return numbers.length ? numbers : undefined
  } catch {
    return undefined
  }
}

/** The caller's read, waited for at most READ_LIMIT_MS (not stopped: the caller still wants it). */
function withinLimit(read: Promise<readonly NfcCard[]>): Promise<readonly NfcCard[]> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The card list came too late.')), READ_LIMIT_MS)
  })
  return Promise.race([read, late]).finally(() => clearTimeout(timer))
}
