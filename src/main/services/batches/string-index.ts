/**
 * Indexes for duplicate checks over 100,000-row files: key → the line it was first seen on.
 * Open addressing on preallocated typed arrays; no allocation per key. A Map<string, number>
 * costs about as much as parsing the file does (it hashes fresh strings and grows repeatedly).
 */
const EMPTY = 0

function capacityFor(expected: number): number {
  let capacity = 16
  while (capacity < expected * 2) capacity <<= 1
  return capacity
}

/** Strings (aliases, long NFC IDs), FNV-1a over char codes; full compare only when hashes match. */
export class StringIndex {
  private slots: Int32Array
  private hashes: Int32Array
  private mask: number
  private keys: string[]
  private lines: Int32Array
  private size = 0

  constructor(expected = 1024) {
    const capacity = capacityFor(expected)
    this.slots = new Int32Array(capacity)
    this.hashes = new Int32Array(capacity)
    this.mask = capacity - 1
    this.keys = new Array<string>(capacity >> 1)
    this.lines = new Int32Array(capacity >> 1)
  }

  /** The line `key` was first seen on; or, if new, remember it at `line` and return -1. */
  firstLineOrAdd(key: string, line: number): number {
    let h = 0x811c9dc5
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
    // FNV's low bits cluster for keys that differ only in their last digits: mix before masking.
    h ^= h >>> 16
    h = Math.imul(h, 0x85ebca6b)
    h ^= h >>> 13
    let slot = h & this.mask
    for (;;) {
      const entry = this.slots[slot]!
      if (entry === EMPTY) break
      if (this.hashes[slot] === h && this.keys[entry - 1] === key) return this.lines[entry - 1]!
      slot = (slot + 1) & this.mask
    }
    if (this.size * 2 + 2 > this.slots.length) {
      this.grow()
      return this.firstLineOrAdd(key, line)
    }
    this.keys[this.size] = key
    this.lines[this.size] = line
    this.size++
    this.slots[slot] = this.size
    this.hashes[slot] = h
    return -1
  }

  private grow(): void {
    const old = { slots: this.slots, hashes: this.hashes }
    const capacity = this.slots.length << 1
    this.slots = new Int32Array(capacity)
    this.hashes = new Int32Array(capacity)
    this.mask = capacity - 1
    const lines = new Int32Array(capacity >> 1)
    lines.set(this.lines)
    this.lines = lines
    this.keys.length = capacity >> 1
    for (let s = 0; s < old.slots.length; s++) {
      const entry = old.slots[s]!
      if (entry === EMPTY) continue
      let slot = old.hashes[s]! & this.mask
      while (this.slots[slot] !== EMPTY) slot = (slot + 1) & this.mask
      this.slots[slot] = entry
      this.hashes[slot] = old.hashes[s]!
    }
  }
}

/** Unsigned 32-bit keys (4-byte NFC IDs read as numbers): no strings hashed or compared. */
export class Uint32Index {
  private keys: Uint32Array
  /** line + 1; 0 = empty slot */
  private lines: Int32Array
  private mask: number
  private shift: number
  private size = 0

  constructor(expected = 1024) {
    const capacity = capacityFor(expected)
    this.keys = new Uint32Array(capacity)
    this.lines = new Int32Array(capacity)
    this.mask = capacity - 1
    this.shift = 32 - Math.log2(capacity)
  }

  /** Fibonacci hashing: the top bits of key × 2^32/φ spread arithmetic runs of IDs evenly. */
  private slotOf(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> this.shift
  }

  firstLineOrAdd(key: number, line: number): number {
    let slot = this.slotOf(key)
    for (;;) {
      const stored = this.lines[slot]!
      if (stored === EMPTY) break
      if (this.keys[slot] === key) return stored - 1
      slot = (slot + 1) & this.mask
    }
    if (this.size * 2 + 2 > this.keys.length) {
      this.grow()
      return this.firstLineOrAdd(key, line)
    }
    this.keys[slot] = key
    this.lines[slot] = line + 1
    this.size++
    return -1
  }

  private grow(): void {
    const keys = this.keys
    const lines = this.lines
    const capacity = keys.length << 1
    this.keys = new Uint32Array(capacity)
    this.lines = new Int32Array(capacity)
    this.mask = capacity - 1
    this.shift = 32 - Math.log2(capacity)
    for (let s = 0; s < keys.length; s++) {
      if (lines[s] === EMPTY) continue
      let slot = this.slotOf(keys[s]!)
      while (this.lines[slot] !== EMPTY) slot = (slot + 1) & this.mask
      this.keys[slot] = keys[s]!
      this.lines[slot] = lines[s]!
    }
  }
}
