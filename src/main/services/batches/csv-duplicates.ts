import type { CsvPreview, CsvPreviewRow } from '../../../shared/batches/schemas'
import { DuplicateFinder, hashString } from './duplicate-finder'
import { NO_MESSAGES } from './csv-messages'

export interface ExistingKeys {
  /** NFC IDs and aliases already in the batch the rows go to: reported as duplicates too. */
  existingNfcIds?: { has(key: string): boolean }
  existingAliases?: { has(key: string): boolean }
  /** The cards the console already holds: an NFC ID → the card's display id there. */
  onConsole?: { get(nfcId: string): string | undefined }
}

// The finder compares two items only when their hashes are equal.
function sameNfcId(rows: CsvPreviewRow[], a: number, b: number): boolean {
  return rows[a]!.nfcId === rows[b]!.nfcId
}
function sameAlias(rows: CsvPreviewRow[], a: number, b: number): boolean {
  return rows[a]!.alias === rows[b]!.alias
}

/**
 * The status of every row read as a card, once the whole file is known: duplicate (the first
 * occurrence in the file is kept, later ones name its line; then the batch's own IDs and aliases),
 * on the console already, repaired (its own repairs; the file's BOM and line endings are notes of
 * the file, not repairs of a row) or ok.
 * `nfcKeys` holds those rows' indexes in file order, with their NFC IDs' hashes.
 */
export function settleRows(
  rows: CsvPreviewRow[],
  nfcKeys: DuplicateFinder,
  existing: ExistingKeys,
  counts: CsvPreview['counts']
): void {
  const nfc = nfcKeys.resolve(rows, sameNfcId)
  const n = nfc.items.length
  // 1 = same NFC ID earlier in the file, 2 = already in the batch, 3 = on the console. The alias of such a row is
  // neither checked against nor remembered for the file's other rows (it will not be imported).
  const nfcDuplicate = new Uint8Array(n)
  const aliasKeys = new DuplicateFinder(n)
  for (let p = 0; p < n; p++) {
    const r = rows[nfc.items[p]!]!
    if (nfc.first[p] !== -1) nfcDuplicate[p] = 1
    else if (existing.existingNfcIds?.has(r.nfcId!)) nfcDuplicate[p] = 2
    else if (existing.onConsole?.get(r.nfcId!) !== undefined) nfcDuplicate[p] = 3
    else if (r.alias !== '') aliasKeys.add(hashString(r.alias), nfc.items[p]!)
  }
  const aliases = aliasKeys.resolve(rows, sameAlias)

  let q = 0
  for (let p = 0; p < n; p++) {
    const item = nfc.items[p]!
    const r = rows[item]!
    let dup: string[] | undefined
    if (nfcDuplicate[p] === 1) dup = [`Same NFC ID as line ${rows[nfc.first[p]!]!.line}`]
    else if (nfcDuplicate[p] === 2) dup = ['This NFC ID is already in the batch']
    else if (nfcDuplicate[p] === 3) dup = [`Already on the console as card ${existing.onConsole!.get(r.nfcId!)!}`]
    if (r.alias !== '') {
      const firstWithAlias = nfcDuplicate[p] === 0 ? aliases.first[q++]! : -1
      if (firstWithAlias !== -1)
        (dup ??= []).push(`Alias "${r.alias}" is also on line ${rows[firstWithAlias]!.line}; aliases must be unique`)
      else if (existing.existingAliases?.has(r.alias))
        (dup ??= []).push(`Alias "${r.alias}" is already used in the batch`)
    }
    if (dup !== undefined) {
      r.status = 'duplicate'
      r.messages = r.messages.length > 0 ? [...r.messages, ...dup] : dup
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
