/**
 * Duplicate keys over 100,000-row files, found after the pass instead of during it.
 *
 * A hash table with 100,000 keys is megabytes: every lookup of a random key misses the CPU cache,
 * and on a CSV preview those misses cost more than parsing the file (measured: two such indexes
 * took 60 ms of the 150 ms a 100,000-row preview took). Here the rows' hashes are collected in
 * order, partitioned by their top bits into buckets of a few hundred entries (a counting sort,
 * so every bucket keeps file order), and each bucket is checked in a small table that stays in
 * the cache. The caller hashes its keys and says how to compare two items whose hashes are equal.
 */

/** Entries per bucket the partition aims at: its table (2× that many slots) fits the L1 cache. */
const BUCKET_TARGET = 256

/** murmur3's finalizer: callers may pass weak hashes (a 4-byte ID as a number, FNV of a string). */
function mix(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return h ^ (h >>> 16)
}

/** FNV-1a over a string's char codes: a 32-bit hash without allocating. */
export function hashString(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h
}

export interface Duplicates {
  /** The items in the order they were added. */
  items: Int32Array
  /** Per added entry: the item of the first entry with the same key, or -1 if this is the first. */
  first: Int32Array
}

export class DuplicateFinder {
  private hashes: Int32Array
  private itemList: Int32Array
  private size = 0

  constructor(expected = 1024) {
    const capacity = Math.max(16, expected)
    this.hashes = new Int32Array(capacity)
    this.itemList = new Int32Array(capacity)
  }

  get count(): number {
    return this.size
  }

  /** Adds an item (a row index, say) with its key's hash. Items are reported back in this order. */
  add(hash: number, item: number): void {
    if (this.size === this.hashes.length) this.grow()
    this.hashes[this.size] = mix(hash)
    this.itemList[this.size++] = item
  }

  /**
   * Finds, for every entry, the first earlier entry with the same key: `sameKey(context, a, b)`
   * decides for two items whose hashes are equal; it is called only then (duplicates and the
   * rare true collision), so a comparator that reads the items' fields costs nothing per entry.
   */
  resolve<T>(context: T, sameKey: (context: T, a: number, b: number) => boolean): Duplicates {
    const n = this.size
    const hashes = this.hashes
    const items = this.itemList.subarray(0, n)
    const first = new Int32Array(n).fill(-1)
    if (n < 2) return { items, first }

    // Partition by the top bits (stable): each bucket's entries stay in the order they were added.
    let bits = 0
    while (bits < 16 && n >> bits > BUCKET_TARGET) bits++
    const shift = 32 - bits
    const bucketOf = (h: number): number => (bits === 0 ? 0 : h >>> shift)
    const buckets = 1 << bits
    const starts = new Int32Array(buckets + 1)
    for (let i = 0; i < n; i++) starts[bucketOf(hashes[i]!) + 1]!++
    let largest = 0
    for (let b = 0; b < buckets; b++) {
      largest = Math.max(largest, starts[b + 1]!)
      starts[b + 1]! += starts[b]!
    }
    const order = new Int32Array(n)
    const cursor = starts.slice(0, buckets)
    for (let i = 0; i < n; i++) order[cursor[bucketOf(hashes[i]!)]!++] = i

    // One small open-addressing table, reused for every bucket: entry index + 1 per slot (0 = free).
    let size = 16
    while (size < largest * 2) size <<= 1
    const table = new Int32Array(size)
    for (let b = 0; b < buckets; b++) {
      const from = starts[b]!
      const to = starts[b + 1]!
      if (to - from < 2) continue
      let mask = 16 - 1
      while (mask + 1 < (to - from) * 2) mask = (mask << 1) | 1
      table.fill(0, 0, mask + 1)
      for (let k = from; k < to; k++) {
        const entry = order[k]!
        const h = hashes[entry]!
        let slot = h & mask
        for (;;) {
          const stored = table[slot]!
          if (stored === 0) {
            table[slot] = entry + 1
            break
          }
          const other = stored - 1
          if (hashes[other] === h && sameKey(context, items[other]!, items[entry]!)) {
            first[entry] = items[other]!
            break
          }
          slot = (slot + 1) & mask
        }
      }
    }
    return { items, first }
  }

  private grow(): void {
    const capacity = this.hashes.length * 2
    const hashes = new Int32Array(capacity)
    hashes.set(this.hashes)
    const items = new Int32Array(capacity)
    items.set(this.itemList)
    this.hashes = hashes
    this.itemList = items
  }
}
