import type { ByteOrder, BatchRow, CsvPreview } from '../../../../shared/batches/schemas'
import type { ConsoleOwner } from '../../../../shared/console-owner'
import { writtenDigits } from '../../../../shared/nfc/card-number'
import { nfcIdProblemValues, type NfcIdProblem } from '../../../../shared/nfc/uid'
import type { TapOutcome } from '../../../../shared/batches/tap'
import { errorWords } from './error-words.svelte'
import { deskLanguage } from './desk-language.svelte'
import { inByteOrder } from '../../../../shared/nfc/byte-order'
import { formatCount } from '../numbers'
import { importWords } from './import-messages.svelte'

/**
 * The Import screen's own sentences (what it says of a card typed, a CSV read or added, a row saved,
 * why the byte order or the batch cannot change), worded in the desk's language from main's facts:
 * one place, so the screen and its rows table say them alike. Each is read when it is said, so a
 * sentence shown on screen follows a language switch with the rest. Numbers go through formatCount
 * (a plural's `#` through the catalogue's locale).
 */

/** A typed card added: as typed (the batch's form), its alias, and what a reversed batch sends it as. */
export function typedAdded(card: string, row: BatchRow, order: ByteOrder): string {
  const sent = inByteOrder(row.nfcId, order) === row.nfcId ? null : row.nfcId
  const key = row.alias ? (sent ? 'typed.addedAsSentAs' : 'typed.addedAs') : sent ? 'typed.addedSentAs' : 'typed.added'
  return importWords().t(key, { card, alias: row.alias ?? '', sent: sent ?? '' })
}

/**
 * A typed card the batch holds already (in either byte order): which row (`n`: its number, 0 when
 * not known), as it was entered when that differs from what was typed, and what became of an alias
 * typed with it that the row does not have.
 */
export function typedDuplicate(
  typed: string,
  normalised: string,
  alias: string,
  row: BatchRow,
  order: ByteOrder,
  n: number
): string {
  const m = importWords()
  const entered = inByteOrder(row.nfcId, order)
  const numbered = n > 0 ? 'yes' : 'no'
  const note = m.t('typed.duplicate', {
    typed,
    changed: entered === normalised ? 'no' : 'yes',
    entered,
    numbered,
    n: formatCount(n),
    aliased: row.alias ? 'yes' : 'no',
    alias: row.alias ?? ''
  })
  if (!alias || alias === row.alias) return note
  return `${note} ${m.t('typed.aliasNotUsed', { alias, numbered, n: formatCount(n) })}`
}

/** The all-digit note on an ID as written (shared/nfc/card-number.ts's rule), or undefined. */
export function digitsReading(written: string): string | undefined {
  const facts = writtenDigits(written)
  return facts && importWords().t('typed.digitsReading', { digits: facts.digits, uid: facts.decimalUid })
}

/** A CSV read: its counts, and the next step (adding its valid rows) or that there is none. */
export function csvRead(name: string, counts: CsvPreview['counts']): string {
  return importWords().t('csv.read', {
    file: name,
    // Numbers, not formatted text: each is said through its plural, which writes it as the desk's locale does.
    ok: counts.ok,
    repaired: counts.repaired,
    refused: counts.refused,
    duplicate: counts.duplicate,
    valid: counts.ok + counts.repaired
  })
}

/**
 * What adding a CSV did: only what happened (no "refused" said of a file with no refused line), and
 * the lines the person left out of the file (`leftOut`), which were not added either.
 */
export function csvAdded(added: number, counts: CsvPreview['counts'] | undefined, leftOut = 0): string {
  const refused = counts?.refused ?? 0
  const duplicate = counts?.duplicate ?? 0
  const key = refused
    ? duplicate
      ? 'csv.addedRefusedDuplicate'
      : 'csv.addedRefused'
    : duplicate
      ? 'csv.addedDuplicate'
      : 'csv.added'
  const said = importWords().t(key, { count: added, refused, duplicate })
  return leftOut > 0 ? `${said} ${importWords().t('csv.addedLeftOut', { count: leftOut })}` : said
}

/** Why the byte order is locked: `sent` rows are (or may be) on the console in it. */
export function byteOrderLocked(sent: number): string {
  return importWords().t('order.locked', { count: sent })
}

/** A row's edit saved, with what a reversed batch sends it as. */
export function rowSaved(n: number, row: BatchRow | undefined, order: ByteOrder): string {
  const sent = row && inByteOrder(row.nfcId, order) !== row.nfcId ? row.nfcId : null
  return importWords().t(sent ? 'rowSavedSentAs' : 'rowSaved', { n: formatCount(n), sent: sent ?? '' })
}

/**
 * Why a batch of another console takes no change here, and what to do instead (main refuses it too,
 * in its own English: shared/console-owner.ts refuseOnOtherConsole).
 */
export function batchReadOnly(owner: ConsoleOwner, activeName: string | null): string {
  const m = importWords()
  return m.t('readOnly', {
    owner: owner.name,
    active: activeName ?? m.t('anotherConsole'),
    here: activeName ?? m.t('thisConsole')
  })
}

/** Why an ID cannot be an NFC ID (shared/nfc/uid.ts NfcIdProblem: a tap's UID, a typed ID), in the desk's language. */
export function nfcIdProblemWords(problem: NfcIdProblem): string {
  return importWords().t('nfcIdProblem', nfcIdProblemValues(problem))
}

/**
 * Why main refused a tap, in the desk's language: from its facts (the UID's problem, or the error as any
 * kept error is worded); a refusal main gave no facts for is its English, marked so (`lang`).
 */
export function tapRefusedWords(outcome: Extract<TapOutcome, { kind: 'refused' }>): { text: string; lang?: 'en' } {
  if (outcome.problem) return { text: nfcIdProblemWords(outcome.problem) }
  if (outcome.error) {
    const said = errorWords({ ...outcome.error, retryable: false })
    return { text: said.message, ...(said.lang && { lang: 'en' as const }) }
  }
  return deskLanguage.locale.startsWith('en') ? { text: outcome.message } : { text: outcome.message, lang: 'en' }
}
