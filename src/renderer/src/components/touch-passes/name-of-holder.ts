/**
 * Whether a Touch Pass's name names the person who holds it ("Kofi's phone", "Mensah iPhone"): then
 * taking the pass back offers to clear the name already ticked, because the next holder would carry
 * someone else's name. A name about the pass itself ("Lobby spare 3", "Night shift") stays unticked:
 * the desk gave it on purpose and it is still true after the take back. A part of the holder's name
 * counts only as a whole word (any case), so "Al" does not match "Hall pass"; one letter never counts.
 */
export function nameNamesHolder(passName: string, holderName: string): boolean {
  const words = holderName
    .normalize('NFC')
    .split(/[\s,]+/u)
    .filter((w) => [...w].length >= 2)
  const name = passName.normalize('NFC')
  return words.some((word) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu').test(name)
  )
}
