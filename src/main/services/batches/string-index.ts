/**
 * Duplicate finding over 100,000-row files, after the parse: for each entry, the line of the first
 * earlier entry with the same key. Keys are sorted once, packed with their position into one
 * float64 (`key · 2^21 + position`), so the sort is a typed-array sort and equal keys end up side
 * by side in file order. A hash table probed row by row between papaparse's allocations cost
 * three times as much (each probe a cache miss); a sort walks memory in order.
 */
const POSITION_BITS = 2 ** 21
const NONE = -1

/**
 * `keys[i]` is an unsigned 32-bit key, or negative to leave entry i out. Returns, per entry, the
 * line of the first entry with the same key, or -1 (first occurrence, or left out).
 */
export function firstLinesOfNumbers(keys: Float64Array, n: number, lines: Int32Array, out: Int32Array): void {
  if (n >= POSITION_BITS) return firstLinesByMap(n, (i) => (keys[i]! < 0 ? undefined : keys[i]!), lines, out)
  const packed = new Float64Array(n)
  let m = 0
  for (let i = 0; i < n; i++) {
    const k = keys[i]!
    if (k >= 0) packed[m++] = k * POSITION_BITS + i
  }
  const sorted = packed.subarray(0, m).sort()
  let runKey = -1
  let firstLine = NONE
  for (let j = 0; j < m; j++) {
    const v = sorted[j]!
    const key = Math.floor(v / POSITION_BITS)
    const i = v - key * POSITION_BITS
    if (key !== runKey) {
      runKey = key
      firstLine = lines[i]!
    } else out[i] = firstLine
  }
}

/** The same for strings; entries with `include[i] === 0` are left out. */
export function firstLinesOfStrings(
  keys: readonly string[],
  include: Uint8Array,
  n: number,
  lines: Int32Array,
  out: Int32Array
): void {
  if (n >= POSITION_BITS) return firstLinesByMap(n, (i) => (include[i] ? keys[i]! : undefined), lines, out)
  const packed = new Float64Array(n)
  let m = 0
  for (let i = 0; i < n; i++) if (include[i] !== 0) packed[m++] = hash(keys[i]!) * POSITION_BITS + i
  const sorted = packed.subarray(0, m).sort()
  // Within a run of equal hashes (almost always one string): the distinct strings and their first line.
  const runKeys: string[] = []
  const runLines: number[] = []
  let runHash = -1
  for (let j = 0; j < m; j++) {
    const v = sorted[j]!
    const h = Math.floor(v / POSITION_BITS)
    const i = v - h * POSITION_BITS
    const key = keys[i]!
    if (h !== runHash) {
      runHash = h
      runKeys.length = 0
      runLines.length = 0
    }
    let found = NONE
    for (let r = 0; r < runKeys.length; r++) {
      if (runKeys[r] === key) {
        found = runLines[r]!
        break
      }
    }
    if (found === NONE) {
      runKeys.push(key)
      runLines.push(lines[i]!)
    } else out[i] = found
  }
}

/** Beyond 2^21 entries positions do not fit beside the key: plain Map, in file order. */
function firstLinesByMap<K>(n: number, key: (i: number) => K | undefined, lines: Int32Array, out: Int32Array): void {
  const first = new Map<K, number>()
  for (let i = 0; i < n; i++) {
    const k = key(i)
    if (k === undefined) continue
    const seen = first.get(k)
    if (seen === undefined) first.set(k, lines[i]!)
    else out[i] = seen
  }
}

/** FNV-1a over char codes, mixed (FNV's low bits cluster for keys that differ in their last digits); unsigned. */
function hash(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  return h >>> 0
}
