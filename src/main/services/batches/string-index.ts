/**
 * Duplicate finding over 100,000-row files, after the parse: for each entry, the line of the first
 * earlier entry with the same key. Each entry is packed with its position into one float64
 * (`key · 2^21 + position`), so one typed-array sort puts equal keys side by side in file order.
 * A hash table probed row by row between papaparse's allocations cost more (each probe a cache
 * miss in a table of several MB); the sort walks memory in order.
 */
export const POSITION_LIMIT = 2 ** 21

/** `key · 2^21 + position`; `key` is an unsigned 32-bit number, `position` < POSITION_LIMIT. */
export function pack(key: number, position: number): number {
  return key * POSITION_LIMIT + position
}

/**
 * Sorts `packed[0..m)` in place and writes, for each entry but the first of its key, the line of
 * that first one into `out[position]` (others are left alone). With `text`, keys are hashes of
 * strings: entries with equal hashes are the same key only if `text(position)` is equal too.
 */
export function firstLines(
  packed: Float64Array,
  m: number,
  lines: Int32Array,
  out: Int32Array,
  text?: (position: number) => string
): void {
  const sorted = packed.subarray(0, m).sort()
  let runKey = -1
  let firstLine = -1
  let firstText = ''
  // Further distinct strings of one hash (a collision; almost never): [text, line] pairs.
  let others: [string, number][] | undefined
  for (let j = 0; j < m; j++) {
    const v = sorted[j]!
    const key = Math.floor(v / POSITION_LIMIT)
    const i = v - key * POSITION_LIMIT
    if (key !== runKey) {
      runKey = key
      firstLine = lines[i]!
      if (text) firstText = text(i)
      others = undefined
      continue
    }
    if (!text) {
      out[i] = firstLine
      continue
    }
    const t = text(i)
    if (t === firstText) {
      out[i] = firstLine
      continue
    }
    const other = others?.find((o) => o[0] === t)
    if (other) out[i] = other[1]
    else (others ??= []).push([t, lines[i]!])
  }
}

/** FNV-1a over char codes, mixed (FNV's low bits cluster for keys that differ in their last digits); unsigned. */
export function hashString(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  return h >>> 0
}

/** Beyond POSITION_LIMIT entries positions do not fit beside the key: a Map, in file order. */
export function firstLinesByMap<K>(
  n: number,
  key: (i: number) => K | undefined,
  lines: Int32Array,
  out: Int32Array
): void {
  const first = new Map<K, number>()
  for (let i = 0; i < n; i++) {
    const k = key(i)
    if (k === undefined) continue
    const seen = first.get(k)
    if (seen === undefined) first.set(k, lines[i]!)
    else out[i] = seen
  }
}
