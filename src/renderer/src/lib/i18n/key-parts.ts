/**
 * A message that names keys ("Keys: {up}/{down} move between visitors…") cut into its text and its
 * keys, so the screen draws each key as a <kbd> while the sentence stays one message a translator
 * orders as the language needs. The keys go in as placeholders marked off by a character no
 * translation contains, and come out as the odd parts.
 */
const MARK = '\u0001'

export interface KeyPart {
  text: string
  key: boolean
}

/** The values to format the message with: each key's label, marked. */
export function markedKeys<K extends string>(keys: Record<K, string>): Record<K, string> {
  return Object.fromEntries(
    Object.entries(keys).map(([name, label]) => [name, `${MARK}${String(label)}${MARK}`])
  ) as Record<K, string>
}

/** The formatted message in parts: text, key, text, key… (empty text between two keys dropped). */
export function keyParts(formatted: string): KeyPart[] {
  return formatted
    .split(MARK)
    .map((text, i) => ({ text, key: i % 2 === 1 }))
    .filter((part) => part.key || part.text !== '')
}
