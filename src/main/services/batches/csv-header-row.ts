import { headerKey, headerKeys } from '../../../shared/roster/header-words'
import { inEveryLanguage } from '../../../shared/i18n/file-words'

/**
 * Whether the first line of an Import CSV is a header row (the console's format has none: it is
 * skipped and said once), and whether it is Import's own export header, which names its IDs as sent
 * to the console. Read in the desk's four languages: the ID column by the card's header words and the
 * alias column by the alias's (shared/roster/header-words.ts, the roster's table), the export's header
 * by its catalogue text in each language (messages/exports), so a file exported in German reads back.
 */

/** The English words a header row was known by before the table (kept: "serial no", "tag id", `sep=`). */
const HEADER_ID =
  /^(?:nfc[ _-]?(?:id|uid)?|uid|id|card(?:[ _-]?(?:id|uid|number|no))?|serial(?:[ _-]?(?:number|no))?|tag(?:[ _-]?id)?|sep=.?)$/i
const HEADER_ALIAS = /^(?:alias|name|label|description)$/i
const ID_WORDS = new Set(headerKeys('card'))
const ALIAS_WORDS = new Set(headerKeys('alias'))

/** The export's own header (EXPORT_HEADER) in English, as written by any version. */
const AS_SENT_ENGLISH = /\bas sent to the console\b/i
let asSentWords: Set<string> | undefined

/**
 * A first line whose cells (unwrapped of quotes and spaces) name the columns: "NFC ID,Alias",
 * "Kartennummer,Bezeichnung", "Numéro de carte,Libellé", "ID NFC,Etiqueta".
 */
export function isHeaderRow(idCell: string, aliasCell: string): boolean {
  return (
    HEADER_ID.test(idCell) ||
    ID_WORDS.has(headerKey(idCell)) ||
    namesIdsAsSent(idCell) ||
    HEADER_ALIAS.test(aliasCell) ||
    ALIAS_WORDS.has(headerKey(aliasCell))
  )
}

/** The ID column's header says its IDs are as sent to the console (Import's export, in any language). */
export function namesIdsAsSent(idCell: string): boolean {
  asSentWords ??= new Set(inEveryLanguage('batch.nfcIdAsSent').map(headerKey))
  return AS_SENT_ENGLISH.test(idCell) || asSentWords.has(headerKey(idCell))
}
