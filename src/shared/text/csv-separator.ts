/**
 * Which character separates a CSV file's columns: one rule for every CSV the desk reads and writes
 * (Import's NFCID,alias files, the line Import's preview corrects in such a file, and rosters). Excel
 * writes `,` or, where the comma is the decimal mark (French, German, Spanish Excel), `;`, with no
 * line that says so; other tools write tabs. A `sep=` first line (Excel's) names it; else the first
 * line decides, by the separator it holds most outside quotes. The first line, not the whole file: a
 * tab-separated roster whose names hold commas ("Ng, Ada") would be split at them by a guess that
 * weighs every row. Shared: main reads files by it, the screen writes a corrected line by it.
 */
export interface CsvSeparator {
  /** The separator: `,` when the first line holds none (one column). */
  separator: string
  /** Where the text after Excel's `sep=` line starts, or 0 without one. */
  sepLineEnd: number
}

const SEP_LINE = /^sep=([^\n])(?:\n|$)/i

/** The separator of `text` (BOM removed, line breaks `\n`). */
export function csvSeparator(text: string): CsvSeparator {
  const sep = SEP_LINE.exec(text)
  if (sep) return { separator: sep[1]!, sepLineEnd: sep[0].length }
  return { separator: firstLineSeparator(text), sepLineEnd: 0 }
}

/**
 * The separator of a file's text as it was opened (a byte order mark, `\r\n` or lone `\r` line
 * breaks): found as main finds it once it has removed those.
 */
export function csvFileSeparator(text: string): string {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  if (text.indexOf('\r') !== -1) text = text.replace(/\r\n?/g, '\n')
  return csvSeparator(text).separator
}

function firstLineSeparator(text: string): string {
  let at = 0
  while (at < text.length && text.charCodeAt(at) === 10) at++
  let commas = 0
  let semicolons = 0
  let tabs = 0
  let quoted = false
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34) quoted = !quoted
    else if (quoted) continue
    else if (c === 10) break
    else if (c === 44) commas++
    else if (c === 59) semicolons++
    else if (c === 9) tabs++
  }
  if (semicolons > commas && semicolons >= tabs) return ';'
  if (tabs > commas) return '\t'
  return ','
}
