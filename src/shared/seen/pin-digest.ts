/**
 * A short digest of the PIN someone holds, as the console shows it (`pin_code.token`, a hash, never
 * the PIN): what a screen that asked "Replace X's PIN?" sends back as `seen.pinDigest`, so a PIN
 * replaced by another desk between the question and the answer is told from the one shown (whether
 * they hold one alone cannot tell). `pin`: the record's `pin_code`, or its token; null: they hold none. Computed here, the one place, by main on its
 * fresh read and by a screen from a record it already holds; synchronous, since the renderer has no
 * synchronous SHA. Two 32-bit multiply-xorshift lanes (64 bits, 16 hex digits): a change detector, not
 * a secret — the token it is made from already reaches the screens with the person's record.
 */
export function pinDigest(pin: { token: string } | string | null | undefined): string | null {
  if (pin == null) return null
  const token = typeof pin === 'string' ? pin : pin.token
  let a = 0x811c9dc5
  let b = 0x41c6ce57
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193)
    b = Math.imul(b ^ c, 0x5bd1e995)
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b) ^ Math.imul(b ^ (b >>> 13), 0xc2b2ae35)
  b = Math.imul(b ^ (b >>> 16), 0x85ebca6b) ^ Math.imul(a ^ (a >>> 13), 0xc2b2ae35)
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0')
}
