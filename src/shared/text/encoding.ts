/**
 * Which encoding a text file's bytes are in, by its byte order mark: UTF-8, UTF-16 LE or BE (Excel's
 * "Unicode text"). Without a BOM, a file whose every other byte is zero is UTF-16 too. Shared by the
 * Import screen's CSV reading and the roster's (through `decodeText`).
 */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be'

function detectEncoding(bytes: Uint8Array): { encoding: TextEncoding; guessed: boolean } {
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

/**
 * What reading a file's bytes should tell the user, as facts: the Import screen says them in the
 * desk's language (the `import` catalogue's `csvNote.<key>`, as main's notes of a CSV's lines).
 */
export type TextNote = { key: 'utf16'; values: { order: 'little' | 'big'; bom: 'yes' | 'no' } } | { key: 'windows1252' }

/** The note a file read as UTF-16 gets, said once for the file. */
function utf16Note(encoding: 'utf-16le' | 'utf-16be', guessed: boolean): string {
  return `The file is ${encoding === 'utf-16le' ? 'UTF-16 (little endian)' : 'UTF-16 (big endian)'}${guessed ? ' without a byte order mark' : ''}; it was read as such.`
}

/**
 * Windows-1252 as Excel's plain "CSV" writes it on Western systems. Node 20's TextDecoder reads
 * the label as ISO-8859-1 (0x80–0x9F become control characters, so "–", "€", curly quotes and "Š"
 * would be lost): bytes 0x80–0x9F are mapped here, every other byte is its own code point.
 */
const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178
]

function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = []
  const CHUNK = 8192
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(bytes.length, start + CHUNK)
    const codes = new Array<number>(end - start)
    for (let i = start; i < end; i++) {
      const b = bytes[i]!
      codes[i - start] = b >= 0x80 && b <= 0x9f ? CP1252_80_9F[b - 0x80]! : b
    }
    parts.push(String.fromCharCode(...codes))
  }
  return parts.join('')
}

/**
 * A text file's bytes as text, with what the reading should tell the user (said once for the file):
 * UTF-8 with or without a BOM, UTF-16 by its BOM (or its zero bytes), else Windows-1252 when the
 * bytes are not UTF-8, as Excel's plain "CSV" saves on Western systems. The one reading of a CSV:
 * Import and the roster gave an installer different answers for the same Excel export (Import
 * refused accented aliases the roster read). A BOM stays in the text (the preview notes its removal).
 */
export function decodeText(bytes: Uint8Array): { text: string; notes: string[]; said: TextNote[] } {
  const { encoding, guessed } = detectEncoding(bytes)
  if (encoding !== 'utf-8') {
    return {
      text: new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes),
      notes: [utf16Note(encoding, guessed)],
      said: [
        { key: 'utf16', values: { order: encoding === 'utf-16le' ? 'little' : 'big', bom: guessed ? 'no' : 'yes' } }
      ]
    }
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), notes: [], said: [] }
  } catch {
    // Every byte is a character in Windows-1252: said, so a name that reads wrong is recognised.
    return {
      text: decodeWindows1252(bytes),
      said: [{ key: 'windows1252' }],
      notes: [
        'The file is not UTF-8; it was read as Windows-1252 (Western European). Check that names with accents read right in the preview; if not, save the file as "CSV UTF-8 (Comma delimited)" and open it again.'
      ]
    }
  }
}
