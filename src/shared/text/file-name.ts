/**
 * The one rule for the names of the files the app saves (a badge's PDF, a QR code, the audit, batch and
 * roster exports), in main and in the tab: the words come from the desk's catalogue (`file.*` keys: "audit-…"
 * in English, "protokoll-…" in German), the names in them are made safe here.
 */

/** Letters (a name in any script), digits, `_` and `-` only; accents dropped, the letters that do not decompose spelt out. */
function fileSafe(text: string): string {
  return (
    text
      // "Jürgen" → "Jurgen", not "Ju-rgen"; "Größe" → "Grosse", not "Gro-e".
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/ß/g, 'ss')
      .replace(/æ/g, 'ae')
      .replace(/Æ/g, 'AE')
      .replace(/ø/g, 'o')
      .replace(/Ø/g, 'O')
      .replace(/[^\p{L}\p{N}_-]+/gu, '-')
      .replace(/^-+|-+$/g, '')
  )
}

/** A name from free text (a person's, a batch's, a file's), at most 60 characters: `fallback` when nothing is left. */
export function safeFileName(text: string, fallback = 'file'): string {
  return fileSafe(text).slice(0, 60).replace(/-+$/, '') || fallback
}

/** The file's whole name: the catalogue's words (its parts already made safe) and the extension. */
export function fileNamed(words: string, extension: string): string {
  return `${fileSafe(words) || 'file'}.${extension}`
}
