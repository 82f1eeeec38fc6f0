/**
 * Which encoding a text file's bytes are in, by its byte order mark: UTF-8, UTF-16 LE or BE (Excel's
 * "Unicode text"). Without a BOM, a file whose every other byte is zero is UTF-16 too. Shared by the
 * Import screen's CSV reading and the roster's.
 */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be'

export function detectEncoding(bytes: Uint8Array): { encoding: TextEncoding; guessed: boolean } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', guessed: false }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', guessed: false }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', guessed: false }
  // CSV text is ASCII in practice: in UTF-16 every other byte of it is zero.
  const n = Math.min(bytes.length, 512) & ~1
  let evenZeros = 0
  let oddZeros = 0
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++
    if (bytes[i + 1] === 0) oddZeros++
  }
  if (n >= 4 && oddZeros > n / 4 && evenZeros === 0) return { encoding: 'utf-16le', guessed: true }
  if (n >= 4 && evenZeros > n / 4 && oddZeros === 0) return { encoding: 'utf-16be', guessed: true }
  return { encoding: 'utf-8', guessed: false }
}

/** The note a file read as UTF-16 gets, said once for the file. */
export function utf16Note(encoding: 'utf-16le' | 'utf-16be', guessed: boolean): string {
  return `The file is ${encoding === 'utf-16le' ? 'UTF-16 (little endian)' : 'UTF-16 (big endian)'}${guessed ? ' without a byte order mark' : ''}; it was read as such.`
}
