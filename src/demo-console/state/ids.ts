import { randomBytes, randomUUID } from 'node:crypto'

/** Where new identifiers come from: a fixed-seed PRNG while seeding (same site every time), crypto afterwards. */
export interface Ids {
  uuid(): string
  /** `n` lowercase hex characters. */
  hex(n: number): string
  /** A float in [0, 1). */
  next(): number
}

export const cryptoIds: Ids = {
  uuid: () => randomUUID(),
  hex: (n) =>
    randomBytes(Math.ceil(n / 2))
      .toString('hex')
      .slice(0, n),
  next: () => randomBytes(4).readUInt32BE() / 2 ** 32
}

/** mulberry32: tiny, fast and good enough for believable fixtures. */
export function seededIds(seed: number): Ids {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  // Each draw is 8 hex digits (big-endian), as `toString(16).padStart(8, '0')` wrote them, but through
  // a buffer: one flat string per id instead of a chain of joined pieces that a Map keyed by it must
  // flatten first. Seeding 100,000 cards (`--cards`) spent most of its time on that garbage.
  let scratch = Buffer.alloc(64)
  const hex = (n: number) => {
    const words = Math.ceil(n / 8)
    if (scratch.length < words * 4) scratch = Buffer.alloc(words * 4)
    for (let i = 0; i < words; i++) scratch.writeUInt32BE((next() * 2 ** 32) >>> 0, i * 4)
    const text = scratch.toString('hex', 0, Math.ceil(n / 2))
    return text.length === n ? text : text.slice(0, n)
  }
  const uuid = () => {
    const h = hex(32)
    const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
  }
  return { uuid, hex, next }
}

/** Touch Pass card ids: four groups of 4 uppercase hex joined by `-` (facts 1.9). */
export function touchPassCardId(ids: Ids): string {
  const h = ids.hex(16).toUpperCase()
  return `${h.slice(0, 4)}-${h.slice(4, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}`
}

/** ISO 8601 with the local UTC offset, as the console writes `last_activity`. */
export function isoWithOffset(ms: number): string {
  const d = new Date(ms)
  const offset = -d.getTimezoneOffset()
  const sign = offset >= 0 ? '+' : '-'
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0')
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19)
  return `${local}${sign}${pad(offset / 60)}:${pad(offset % 60)}`
}
