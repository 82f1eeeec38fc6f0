/**
 * Indexes for duplicate checks over 100,000-row files: key → the line it was first seen on.
 * Open addressing on preallocated typed arrays, each slot's fields side by side so that a probe
 * touches one cache line; no allocation per key. (A Map<string, number> here costs about as
 * much as parsing the file: it hashes fresh strings and grows repeatedly.)
 */
const EMPTY = 0

function capacityFor(expected: number): number {
  let capacity = 16
  while (capacity < expected * 2) capacity <<= 1
  return capacity
}

/** Strings (aliases, long NFC IDs): FNV-1a over char codes; full compare only when hashes match. */
export class StringIndex {
  /** Per slot: [entry + 1 (0 = empty), hash] */
  private table: Int32Array
  private mask: number
  private keys: string[] = []
  private lines: number[] = []

  constructor(expected = 1024) {
    const capacity = capacityFor(expected)
    this.table = new Int32Array(capacity * 2)
    this.mask = capacity - 1
  }

  /** The line `key` was first seen on; or, if new, remember it at `line` and return -1. */
  firstLineOrAdd(key: string, line: number): number {
    let h = 0x811c9dc5
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
    // FNV's low bits cluster for keys that differ only in their last digits: mix before masking.
    h ^= h >>> 16
    h = Math.imul(h, 0x85ebca6b)
    h ^= h >>> 13
    const table = this.table
    let slot = h & this.mask
    for (;;) {
      const entry = table[slot * 2]!
      if (entry === EMPTY) break
      if (table[slot * 2 + 1] === h && this.keys[entry - 1] === key) return this.lines[entry - 1]!
      slot = (slot + 1) & this.mask
    }
    this.keys.push(key)
    this.lines.push(line)
    table[slot * 2] = this.keys.length
    table[slot * 2 + 1] = h
    if (this.keys.length * 2 > this.mask) this.grow()
    return -1
  }

  private grow(): void {
    const old = this.table
    const capacity = (this.mask + 1) << 1
    const table = new Int32Array(capacity * 2)
    const mask = capacity - 1
    for (let s = 0; s < old.length; s += 2) {
      if (old[s] === EMPTY) continue
      let slot = old[s + 1]! & mask
      while (table[slot * 2] !== EMPTY) slot = (slot + 1) & mask
      table[slot * 2] = old[s]!
      table[slot * 2 + 1] = old[s + 1]!
    }
    this.table = table
    this.mask = mask
  }
}

/** Unsigned 32-bit keys (4-byte NFC IDs read as numbers): no strings hashed or compared. */
export class Uint32Index {
  /** Per slot: [key, line + 1 (0 = empty)] */
  private table: Uint32Array
  private mask: number
  private shift: number
  private size = 0

  constructor(expected = 1024) {
    const capacity = capacityFor(expected)
    this.table = new Uint32Array(capacity * 2)
    this.mask = capacity - 1
    this.shift = 32 - Math.log2(capacity)
  }

  firstLineOrAdd(key: number, line: number): number {
    const table = this.table
    // Fibonacci hashing: the top bits of key × 2^32/φ spread runs of consecutive IDs evenly.
    let slot = Math.imul(key, 0x9e3779b1) >>> this.shift
    for (;;) {
      const stored = table[slot * 2 + 1]!
      if (stored === EMPTY) break
      if (table[slot * 2] === key) return stored - 1
      slot = (slot + 1) & this.mask
    }
    table[slot * 2] = key
    table[slot * 2 + 1] = line + 1
    if (++this.size * 2 > this.mask) this.grow()
    return -1
  }

  private grow(): void {
    const old = this.table
    const capacity = (this.mask + 1) << 1
    const table = new Uint32Array(capacity * 2)
    const mask = capacity - 1
    const shift = 32 - Math.log2(capacity)
    for (let s = 0; s < old.length; s += 2) {
      if (old[s + 1] === EMPTY) continue
      let slot = Math.imul(old[s]!, 0x9e3779b1) >>> shift
      while (table[slot * 2 + 1] !== EMPTY) slot = (slot + 1) & mask
      table[slot * 2] = old[s]!
      table[slot * 2 + 1] = old[s + 1]!
    }
    this.table = table
    this.mask = mask
    this.shift = shift
  }
}
