import { AppError } from '../../../shared/errors'
import type { CallOptions } from './http'
import { cancelled } from './retry'

/** One page as a list endpoint answers it; `total` is undefined when the answer has no pagination. */
export interface Page<T> {
  items: T[]
  total: number | undefined
}

export type FetchPage<T> = (page: { pageNum: number; pageSize: number; signal: AbortSignal }) => Promise<Page<T>>

export interface AllOptions<T = unknown> extends CallOptions {
  /** Asked for per page; the console may answer fewer (then that smaller size is used). */
  pageSize?: number
  /** Pages in flight at once once the total is known. */
  concurrency?: number
  onProgress?: (loaded: number, total: number) => void
  /**
   * Each page as it arrives (1-based number, its items as the console sent them, before the
   * de-duplication across pages), in arrival order: with pages in flight at once, page 3 may come
   * before page 2. Lets a caller show the first records while the rest are read.
   */
  onPage?: (pageNum: number, items: T[]) => void
  /** Awaited before each page after the first is asked for: a read in the background paces itself. */
  pace?: () => Promise<void>
}

/**
 * 1000: the largest page the demo console serves (the reference states no maximum). Per-request
 * work (HTTP, envelope) is then paid 20 times for 20,000 cards instead of 40; a console that
 * caps the size or refuses it is handled below (served size, then SMALLER_PAGE_SIZES).
 */
export const DEFAULT_ALL_PAGE_SIZE = 1000
const DEFAULT_ALL_CONCURRENCY = 4
/**
 * A console that never ends a list (or a list that grows faster than it is read) must not make us
 * loop for ever: past this many pages the read fails with LIST_DID_NOT_END.
 */
const MAX_PAGES = 10_000

/**
 * Every item of a paged list. The first page tells the total; the rest are fetched with bounded
 * concurrency and put back in page order. Page counts come from `pagination.total` and the page
 * size actually served, never from the echoed `pagination.page_size` (facts 1.7). With no
 * pagination at all, pages are read one after another until a short one. Items are de-duplicated
 * by `key` (a list that shifts while it is read can repeat an item across pages). A list that grows
 * while it is read: a page reporting a larger total extends the read to the new last page, so a
 * record pushed past the first total's last page (new records at the top) is still read.
 */
export async function fetchAll<T>(
  fetchPage: FetchPage<T>,
  key: (item: T) => string,
  options: AllOptions<T> = {}
): Promise<T[]> {
  const asked = Math.max(1, Math.floor(options.pageSize ?? DEFAULT_ALL_PAGE_SIZE))
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_ALL_CONCURRENCY))
  const inner = new AbortController()
  const signal = options.signal ? AbortSignal.any([options.signal, inner.signal]) : inner.signal
  const stop = () => {
    // Stryker disable next-line StringLiteral: equivalent (docs/mutation-survivors.md)
    if (options.signal?.aborted) throw cancelled('Loading the list')
  }

  try {
    stop()
    const { first, requested } = await firstPage(fetchPage, asked, signal)
    stop()
    const unique = new UniqueInOrder(key, first.total ?? first.items.length)
    unique.put(0, first.items)
    let loaded = first.items.length
    options.onPage?.(1, first.items)

    // A console that caps page_size answers fewer items than asked: continue with what it serves.
    const served = first.items.length
    const pageSize =
      // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent (docs/mutation-survivors.md)
      served > 0 && served < requested && (first.total === undefined || served < first.total) ? served : requested
    /** One more page: paced, read with cancellation checked on both sides of the wait, kept in order. */
    const readPage = async (pageNum: number) => {
      await options.pace?.()
      stop()
      const page = await fetchPage({ pageNum, pageSize, signal })
      stop()
      unique.put(pageNum - 1, page.items)
      options.onPage?.(pageNum, page.items)
      loaded += page.items.length
      return page
    }

    if (first.total === undefined) {
      let last = first.items.length
      // A full page may have a next one (pageSize is at least 1, so an empty page always ends the list).
      for (let pageNum = 2; last >= pageSize; pageNum++) {
        if (pageNum > MAX_PAGES) throw listDidNotEnd()
        last = (await readPage(pageNum)).items.length
        options.onProgress?.(loaded, loaded)
      }
      options.onProgress?.(loaded, loaded)
      return unique.all()
    }

    let total = first.total
    options.onProgress?.(loaded, total)
    if (served === 0) return unique.all()
    let lastPage = Math.min(MAX_PAGES, Math.ceil(total / pageSize))
    let next = 2
    const worker = async () => {
      while (next <= lastPage) {
        const page = await readPage(next++)
        // The list grew while we read it: read the new pages too.
        // Stryker disable next-line EqualityOperator: equivalent (docs/mutation-survivors.md)
        if (page.total !== undefined && page.total > total) {
          total = page.total
          lastPage = Math.min(MAX_PAGES, Math.ceil(total / pageSize))
        }
        options.onProgress?.(loaded, Math.max(total, loaded))
      }
    }
    // Stryker disable next-line ArithmeticOperator: equivalent (docs/mutation-survivors.md)
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(0, lastPage - 1)) }, worker))
    // Capped at MAX_PAGES with more still reported: an error, never a silently shortened list.
    if (total > lastPage * pageSize) throw listDidNotEnd()
    return unique.all()
  } catch (err) {
    inner.abort()
    if (options.signal?.aborted) throw cancelled('Loading the list')
    throw AppError.from(err)
  }
}

export function listDidNotEnd(): AppError {
  return new AppError({
    kind: 'server',
    code: 'LIST_DID_NOT_END',
    message: `The list did not end after ${MAX_PAGES} pages: the console kept reporting more.`,
    hint: 'Records may be added faster than they can be read (an import running?). Load the list again once it is done.',
    details: { pages: MAX_PAGES }
  })
}

/** Sizes to step down to when a console refuses a large page_size instead of capping it. */
const SMALLER_PAGE_SIZES = [500, 100, 25]

async function firstPage<T>(fetchPage: FetchPage<T>, asked: number, signal: AbortSignal) {
  const sizes = [asked, ...SMALLER_PAGE_SIZES.filter((s) => s < asked)]
  for (let i = 0; ; i++) {
    const requested = sizes[i]!
    try {
      return { first: await fetchPage({ pageNum: 1, pageSize: requested, signal }), requested }
    } catch (err) {
      if (!(err instanceof AppError && err.kind === 'validation') || i === sizes.length - 1) throw err
    }
  }
}

/**
 * Items in page order, each key once (the first occurrence is kept), taken in as the pages arrive:
 * a page is taken in once every page before it is, so with pages in flight at once nearly all the
 * work is done while later pages are still on their way, not after the last one (20,000 cards:
 * ~10 ms that were the end of every fetch). Exact, but not a Set<string>: hashing 20,000 fresh
 * 64-character tokens in a Set cost ~8 ms, more than a third of the JSON parse. Here the hash reads
 * the key's length, its last 16 characters and a sample of the rest (ids that differ at the end,
 * random tokens and UUIDs all spread well), and equal hashes are settled by comparing whole
 * strings, so a poor spread costs time, never correctness.
 */
class UniqueInOrder<T> {
  /** Pages not taken in yet, by index (0-based). */
  private readonly waiting = new Map<number, T[]>()
  private next = 0
  /** Per slot: index + 1 into `keys` (0 = empty); kept at most half full. */
  private table: Int32Array
  // Stryker disable next-line ArrayDeclaration: equivalent (docs/mutation-survivors.md)
  private readonly keys: string[] = []
  private readonly items: T[] = []

  constructor(
    private readonly key: (item: T) => string,
    expected: number
  ) {
    let capacity = 16
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: equivalent (docs/mutation-survivors.md)
    while (capacity < expected * 2) capacity <<= 1
    this.table = new Int32Array(capacity)
  }

  /** Page `index` (0-based) has arrived, in any order. */
  put(index: number, page: T[]): void {
    this.waiting.set(index, page)
    for (let ready = this.waiting.get(this.next); ready; ready = this.waiting.get(this.next)) {
      this.waiting.delete(this.next++)
      this.take(ready)
    }
  }

  /** Every item taken in, once every page was put. */
  all(): T[] {
    return this.items
  }

  private take(page: T[]): void {
    for (let i = 0; i < page.length; i++) {
      const item = page[i]!
      const k = this.key(item)
      // A list longer than its first total: a larger table, the keys hashed again.
      // Stryker disable next-line EqualityOperator,ArithmeticOperator: equivalent (docs/mutation-survivors.md)
      if ((this.keys.length + 1) * 2 > this.table.length) this.grow()
      const slot = this.find(k)
      if (this.table[slot] !== 0) continue
      this.keys.push(k)
      this.table[slot] = this.keys.length
      this.items.push(item)
    }
  }

  /** The slot holding `k`, or the empty slot where it goes. */
  private find(k: string): number {
    const mask = this.table.length - 1
    let slot = hashKey(k) & mask
    for (let e = this.table[slot]!; e !== 0; e = this.table[slot]!) {
      if (this.keys[e - 1] === k) return slot
      // Stryker disable next-line ArithmeticOperator: equivalent (docs/mutation-survivors.md)
      slot = (slot + 1) & mask
    }
    return slot
  }

  private grow(): void {
    this.table = new Int32Array(this.table.length * 2)
    this.keys.forEach((k, i) => (this.table[this.find(k)] = i + 1))
  }
}

function hashKey(k: string): number {
  const length = k.length
  let h = Math.imul(0x811c9dc5 ^ length, 0x01000193)
  // Stryker disable next-line MethodExpression: equivalent (docs/mutation-survivors.md)
  const tail = Math.max(0, length - 16)
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent (docs/mutation-survivors.md)
  const step = tail > 16 ? tail >> 4 : 1
  // Stryker disable next-line EqualityOperator: equivalent (docs/mutation-survivors.md)
  for (let j = 0; j < tail; j += step) h = Math.imul(h ^ k.charCodeAt(j), 0x01000193)
  // Stryker disable next-line EqualityOperator: equivalent (docs/mutation-survivors.md)
  for (let j = tail; j < length; j++) h = Math.imul(h ^ k.charCodeAt(j), 0x01000193)
  // FNV's low bits cluster: mix before masking.
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  return h ^ (h >>> 13)
}

/** `{items, total}` from a reply; without pagination the total is what can be seen from here. */
export function toPage<T>(items: T[], pagination: { total: number } | undefined): Page<T> {
  return { items, total: pagination?.total }
}
