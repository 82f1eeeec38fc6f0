/**
 * The words a yes/no cell of a roster may hold (the PIN and Touch Pass columns), in the desk's
 * languages: English, German, French, Spanish. One table, so the roster's plan, its messages and
 * the guide (docs/guide/installer.md#roster) say the same, and the app's translations reuse it.
 *
 * A word not in the table is never read as yes or as no: the row says so and waits for the user
 * (a German "ja" once read as "no" for 16 rows without a word).
 */

export type YesNo = 'yes' | 'no'

export interface YesNoLanguage {
  /** The language, in English (for the guide and messages). */
  language: string
  yes: readonly string[]
  no: readonly string[]
}

/**
 * Per language, the words as people type them (lower case; accents as written: both "sí" and "si"
 * because "si" is how it is typed without an accent key). Spreadsheets in another language write
 * their booleans in it (Excel: WAHR/FALSCH, VRAI/FAUX, VERDADERO/FALSO).
 */
export const yesNoLanguages: readonly YesNoLanguage[] = [
  { language: 'English', yes: ['yes', 'y', 'true'], no: ['no', 'n', 'false'] },
  { language: 'German', yes: ['ja', 'j', 'wahr'], no: ['nein', 'falsch'] },
  { language: 'French', yes: ['oui', 'o', 'vrai'], no: ['non', 'faux'] },
  { language: 'Spanish', yes: ['sí', 'si', 's', 'verdadero'], no: ['falso'] },
  /** Any language: a digit or a mark in a checkbox column. */
  { language: 'marks', yes: ['1', 'x', '✓', '✔'], no: ['0', '✗', '✘'] }
]

const table = new Map<string, YesNo>()
for (const { yes, no } of yesNoLanguages) {
  for (const word of yes) table.set(word, 'yes')
  for (const word of no) table.set(word, 'no')
}

/** A cell as compared: trimmed, composed (a decomposed "sí" is the same word), lower case. */
function normalizeYesNoCell(cell: string): string {
  return cell.trim().normalize('NFC').toLowerCase()
}

/**
 * What a yes/no cell says. An empty cell is "no" (an unticked checkbox column); a word not in the
 * table is `undefined`: never guessed.
 */
export function readYesNo(cell: string): YesNo | undefined {
  const word = normalizeYesNoCell(cell)
  if (word === '') return 'no'
  return table.get(word)
}

/** The words read as yes, and as no, each list as written in a message: "yes, y, true, ja, …". */
export const yesWordList = yesNoLanguages.flatMap((l) => l.yes).join(', ')
export const noWordList = yesNoLanguages.flatMap((l) => l.no).join(', ')

/**
 * The words understood, in English, for the CLI and the guide: "yes: yes, y, …; no: …". A desk says
 * the same from the roster catalogue's `understoodYesNo` with these lists (roster-said.ts sayRoster).
 */
export const understoodYesNo = `yes: ${yesWordList}; no: ${noWordList} or an empty cell (any case)`
