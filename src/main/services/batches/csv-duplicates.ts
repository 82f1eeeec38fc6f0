import type { CsvPreview, CsvPreviewRow } from '../../../shared/batches/schemas'
import { DuplicateFinder, hashString } from './duplicate-finder'
import { NO_MESSAGES, englishOf, say } from './csv-messages'
import type { CsvSaid } from '../../../shared/batches/csv-said'
import { cardKey, sameCard } from '../../../shared/nfc/card-identity'

export interface ExistingKeys {
  /**
   * The batch the rows go to, by card (`cardKey`: either byte order): reported as duplicates too, but a
   * line the batch already holds as written (same NFC ID, same alias) is `added` (asAdded).
   */
  existingCards?: { get(cardKey: string): { nfcId: string; alias?: string } | undefined }
  existingAliases?: { has(key: string): boolean }
  /** The cards the console already holds (console-cards.ts): by NFC ID and by alias, each → the card's display id. */
  onConsole?: { get(nfcId: string): string | undefined; aliasHolder(alias: string): string | undefined }
}

// The finder compares two items only when their hashes are equal.
function sameNfcId(rows: CsvPreviewRow[], a: number, b: number): boolean {
  return sameCard(rows[a]!.nfcId!, rows[b]!.nfcId!)
}
function sameAlias(rows: CsvPreviewRow[], a: number, b: number): boolean {
  return rows[a]!.alias === rows[b]!.alias
}

/**
 * A line the batch already holds exactly as the line writes it — the same NFC ID (not merely the same
 * card in the other byte order) and the same alias — is `added`: in the batch, nothing to fix, never
 * added again. This is how a file's own lines are told after its Add, read again (a line fixed, an
 * upload, a reconnect, a restart of main): from the batch's rows, which main keeps on disk, not from a
 * memory of what was added from which file, which a restart of main loses. A line that asks for
 * anything the batch does not hold (another alias, the other byte order) is still a duplicate to fix.
 */
function asAdded(r: CsvPreviewRow, inBatch: { nfcId: string; alias?: string }): boolean {
  return inBatch.nfcId === r.nfcId && inBatch.alias !== undefined && inBatch.alias === r.alias
}

/**
 * The status of every row read as a card, once the whole file is known: duplicate (the first
 * occurrence of a card in the file is kept, later ones name its line; then the batch's own cards
 * and aliases), on the console already (its NFC ID, or its alias: the console's aliases are unique),
 * repaired (its own repairs; the file's BOM and line endings are notes of the file, not repairs of
 * a row) or ok. A card is one card in either byte order (card-identity.ts).
 * `nfcKeys` holds those rows' indexes in file order, with their cards' hashes (order-independent).
 */
export function settleRows(
  rows: CsvPreviewRow[],
  nfcKeys: DuplicateFinder,
  existing: ExistingKeys,
  counts: CsvPreview['counts']
): void {
  const nfc = nfcKeys.resolve(rows, sameNfcId)
  const n = nfc.items.length
  // 1 = same card earlier in the file, 2 = already in the batch, 3 = on the console, 4 = in the batch as written
  // (asAdded). The alias of such a row is neither checked against nor remembered for the file's other rows (it
  // will not be imported).
  const nfcDuplicate = new Uint8Array(n)
  const aliasKeys = new DuplicateFinder(n)
  for (let p = 0; p < n; p++) {
    const r = rows[nfc.items[p]!]!
    const inBatch = nfc.first[p] === -1 ? existing.existingCards?.get(cardKey(r.nfcId!)) : undefined
    if (nfc.first[p] !== -1) nfcDuplicate[p] = 1
    else if (inBatch !== undefined) nfcDuplicate[p] = asAdded(r, inBatch) ? 4 : 2
    else if (existing.onConsole?.get(r.nfcId!) !== undefined) nfcDuplicate[p] = 3
    else if (r.alias !== '') aliasKeys.add(hashString(r.alias), nfc.items[p]!)
  }
  const aliases = aliasKeys.resolve(rows, sameAlias)

  let q = 0
  for (let p = 0; p < n; p++) {
    const item = nfc.items[p]!
    const r = rows[item]!
    if (nfcDuplicate[p] === 4) {
      const said = [say('inBatchAsWritten')]
      r.status = 'added'
      r.said = said
      r.messages = said.map(englishOf)
      counts.added = (counts.added ?? 0) + 1
      continue
    }
    let dup: CsvSaid[] | undefined
    if (nfcDuplicate[p] === 1) {
      const first = rows[nfc.first[p]!]!
      const line = String(first.line)
      dup = [
        first.nfcId === r.nfcId
          ? say('sameNfcIdAsLine', { line })
          : say('sameCardAsLine', { line, nfcId: first.nfcId! })
      ]
    } else if (nfcDuplicate[p] === 2) {
      const inBatch = existing.existingCards!.get(cardKey(r.nfcId!))!.nfcId
      dup = [inBatch === r.nfcId ? say('nfcIdInBatch') : say('cardInBatch', { nfcId: inBatch })]
    } else if (nfcDuplicate[p] === 3) dup = [say('onConsole', { card: existing.onConsole!.get(r.nfcId!)! })]
    if (r.alias !== '') {
      const alias = r.alias
      const firstWithAlias = nfcDuplicate[p] === 0 ? aliases.first[q++]! : -1
      if (firstWithAlias !== -1)
        (dup ??= []).push(say('aliasOnLine', { alias, line: String(rows[firstWithAlias]!.line) }))
      else if (existing.existingAliases?.has(alias)) (dup ??= []).push(say('aliasInBatch', { alias }))
      else if (nfcDuplicate[p] === 0) {
        const holder = existing.onConsole?.aliasHolder(alias)
        if (holder !== undefined) (dup ??= []).push(say('aliasOnConsole', { alias, card: holder }))
      }
    }
    if (dup !== undefined) {
      r.status = 'duplicate'
      const words = dup.map(englishOf)
      r.messages = r.messages.length > 0 ? [...r.messages, ...words] : words
      r.said = [...(r.said ?? []), ...dup]
      counts.duplicate++
      continue
    }
    if (r.messages === NO_MESSAGES) {
      counts.ok++
      continue
    }
    r.status = 'repaired'
    counts.repaired++
  }
}
