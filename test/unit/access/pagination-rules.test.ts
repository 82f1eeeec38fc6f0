import { describe, expect, it } from 'vitest'
import { fetchAll, toPage, type FetchPage } from '../../../src/main/services/access/pagination'
import { AppError } from '../../../src/shared/errors'

/**
 * The rules of reading a whole list that pagination.test.ts leaves implicit: which page sizes are
 * tried, how a cancel or a failure reaches requests in flight, progress in both modes, and the
 * cases where a console answers oddly (no pagination with a cap, an empty first page).
 */

const records = (n: number) => Array.from({ length: n }, (_, i) => `r-${i}`)

/** Pages cut from `items`; `cap` limits the page size served; every request (refused or not) is kept. */
function source(items: string[], options: { cap?: number; withTotal?: boolean; total?: number } = {}) {
  const asked: { pageNum: number; pageSize: number }[] = []
  const fetchPage: FetchPage<string> = async ({ pageNum, pageSize }) => {
    asked.push({ pageNum, pageSize })
    await new Promise((r) => setTimeout(r, 1))
    const size = Math.min(pageSize, options.cap ?? Infinity)
    return {
      items: items.slice((pageNum - 1) * size, pageNum * size),
      total: options.withTotal === false ? undefined : (options.total ?? items.length)
    }
  }
  return { asked, fetchPage }
}

const refusedAbove = (max: number, inner: FetchPage<string>, tried: number[]): FetchPage<string> => {
  return async (page) => {
    tried.push(page.pageSize)
    if (page.pageSize > max) throw new AppError({ kind: 'validation', message: `page_size must be from 1 to ${max}` })
    return inner(page)
  }
}

describe('fetchAll page sizes', () => {
  it('asks 1000 by default, then steps down 500, 100, 25, each once, when refused', async () => {
    const items = records(60)
    const tried: number[] = []
    const s = source(items)
    expect(await fetchAll(refusedAbove(25, s.fetchPage, tried), (x) => x)).toEqual(items)
    expect(tried).toEqual([1000, 500, 100, 25, 25, 25])
    // A size asked below a step is not stepped "down" to a larger one.
    const small: number[] = []
    expect(await fetchAll(refusedAbove(1000, source(items).fetchPage, small), (x) => x, { pageSize: 30 })).toEqual(
      items
    )
    expect(small).toEqual([30, 30])
    // Refused at a size between steps: only the smaller steps are tried next.
    const between: number[] = []
    expect(await fetchAll(refusedAbove(25, source(items).fetchPage, between), (x) => x, { pageSize: 30 })).toEqual(
      items
    )
    expect(between).toEqual([30, 25, 25, 25])
    const onStep: number[] = []
    expect(await fetchAll(refusedAbove(50, source(items).fetchPage, onStep), (x) => x, { pageSize: 100 })).toEqual(
      items
    )
    expect(onStep).toEqual([100, 25, 25, 25])
  })

  it('gives up with the last refusal when even 25 is refused', async () => {
    const tried: number[] = []
    const err = await fetchAll(refusedAbove(10, source(records(5)).fetchPage, tried), (x) => x).catch((e) => e)
    expect(err).toMatchObject({ kind: 'validation', message: 'page_size must be from 1 to 10' })
    expect(tried).toEqual([1000, 500, 100, 25])
  })

  it('does not step down on an error that is not a refusal of the size', async () => {
    let calls = 0
    const failing: FetchPage<string> = async () => {
      calls++
      throw new AppError({ kind: 'network', message: 'cut', retryable: true })
    }
    await expect(fetchAll(failing, (x) => x)).rejects.toMatchObject({ kind: 'network', message: 'cut' })
    expect(calls).toBe(1)
    // Something that is not an AppError at all: reported as an unexpected error, not stepped down either.
    let plain = 0
    const broken: FetchPage<string> = async () => {
      plain++
      throw new Error('boom')
    }
    await expect(fetchAll(broken, (x) => x)).rejects.toMatchObject({
      kind: 'server',
      message: 'Unexpected error: boom'
    })
    expect(plain).toBe(1)
  })

  it('a non-integer or non-positive size or concurrency is made sane', async () => {
    const items = records(7)
    const s = source(items)
    expect(await fetchAll(s.fetchPage, (x) => x, { pageSize: 2.9, concurrency: 0 })).toEqual(items)
    expect(s.asked.map((a) => a.pageSize)).toEqual([2, 2, 2, 2])
    const z = source(items)
    expect(await fetchAll(z.fetchPage, (x) => x, { pageSize: 0, concurrency: -3 })).toEqual(items)
    expect(z.asked.map((a) => a.pageNum)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(z.asked.every((a) => a.pageSize === 1)).toBe(true)
  })

  it('reads in parallel 4 pages at a time by default', async () => {
    let inFlight = 0
    let most = 0
    const items = records(2000)
    const fetchPage: FetchPage<string> = async ({ pageNum, pageSize }) => {
      inFlight++
      most = Math.max(most, inFlight)
      await new Promise((r) => setTimeout(r, 5))
      inFlight--
      return { items: items.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: items.length }
    }
    expect(await fetchAll(fetchPage, (x) => x, { pageSize: 100 })).toEqual(items)
    expect(most).toBe(4)
  })
})

describe('fetchAll without pagination in the answers', () => {
  it('continues with the size a capping console serves, and reports progress page by page', async () => {
    const items = records(450)
    const s = source(items, { cap: 200, withTotal: false })
    const progress: [number, number][] = []
    const all = await fetchAll(s.fetchPage, (x) => x, { pageSize: 500, onProgress: (l, t) => progress.push([l, t]) })
    expect(all).toEqual(items)
    expect(s.asked).toEqual([
      { pageNum: 1, pageSize: 500 },
      { pageNum: 2, pageSize: 200 },
      { pageNum: 3, pageSize: 200 }
    ])
    expect(progress).toEqual([
      [400, 400],
      [450, 450],
      [450, 450]
    ])
  })

  it('an empty first page is the whole list: one request', async () => {
    const s = source([], { withTotal: false })
    expect(await fetchAll(s.fetchPage, (x) => x, { pageSize: 10 })).toEqual([])
    expect(s.asked).toHaveLength(1)
  })
})

describe('fetchAll with a total', () => {
  it('an empty first page ends the read, whatever the total says', async () => {
    const s = source([], { total: 50 })
    const progress: [number, number][] = []
    expect(
      await fetchAll(s.fetchPage, (x) => x, { pageSize: 10, onProgress: (l, t) => progress.push([l, t]) })
    ).toEqual([])
    expect(s.asked).toHaveLength(1)
    expect(progress).toEqual([[0, 50]])
  })

  it('a total that says less than the pages hold: progress never shows more read than the total', async () => {
    const items = records(4)
    const s = source(items, { total: 3 })
    const progress: [number, number][] = []
    expect(await fetchAll(s.fetchPage, (x) => x, { pageSize: 2, onProgress: (l, t) => progress.push([l, t]) })).toEqual(
      items
    )
    expect(progress).toEqual([
      [2, 3],
      [4, 4]
    ])
  })

  it('a list that ends exactly on a page boundary is read whole, without an extra page', async () => {
    const items = records(300)
    const s = source(items)
    expect(await fetchAll(s.fetchPage, (x) => x, { pageSize: 100 })).toEqual(items)
    expect(s.asked.map((a) => a.pageNum).sort()).toEqual([1, 2, 3])
  })
})

describe('fetchAll cancel and failure', () => {
  /** A console that answers page 1 at once and then never answers until the request is aborted. */
  function hanging() {
    const asked: number[] = []
    const aborted: number[] = []
    const fetchPage: FetchPage<string> = ({ pageNum, pageSize, signal }) => {
      asked.push(pageNum)
      if (pageNum === 1) return Promise.resolve({ items: records(pageSize), total: pageSize * 10 })
      return new Promise((_, reject) =>
        signal.addEventListener('abort', () => {
          aborted.push(pageNum)
          reject(new Error('The operation was aborted'))
        })
      )
    }
    return { asked, aborted, fetchPage }
  }

  it('a cancel reaches the requests in flight and reads as cancelled', async () => {
    const h = hanging()
    const controller = new AbortController()
    const run = fetchAll(h.fetchPage, (x) => x, { pageSize: 10, concurrency: 3, signal: controller.signal })
    await expect.poll(() => h.asked.length).toBe(4)
    controller.abort()
    await expect(run).rejects.toMatchObject({ kind: 'cancelled', message: 'Loading the list was cancelled.' })
    expect(h.aborted.sort()).toEqual([2, 3, 4])
  })

  it('a failed page aborts the others in flight, and no page is asked after it', async () => {
    const asked: number[] = []
    const aborted: number[] = []
    const fetchPage: FetchPage<string> = ({ pageNum, pageSize, signal }) => {
      asked.push(pageNum)
      if (signal.aborted) return Promise.reject(new Error('aborted before sending'))
      if (pageNum === 1) return Promise.resolve({ items: records(pageSize), total: pageSize * 10 })
      if (pageNum === 3) return new Promise((_, reject) => setTimeout(() => reject(new Error('page 3 broke')), 5))
      // Pages other than 3 answer only after a while, or when aborted.
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve({ items: records(pageSize), total: pageSize * 10 }), 50)
        signal.addEventListener('abort', () => {
          clearTimeout(timer)
          aborted.push(pageNum)
          reject(new Error('aborted'))
        })
      })
    }
    await expect(fetchAll(fetchPage, (x) => x, { pageSize: 10, concurrency: 3 })).rejects.toMatchObject({
      kind: 'server',
      message: 'Unexpected error: page 3 broke'
    })
    await new Promise((r) => setTimeout(r, 80))
    expect(aborted.sort()).toEqual([2, 4])
    expect(asked.sort()).toEqual([1, 2, 3, 4])
  })

  it('a cancel before the start sends nothing; a cancel during a page asks no further one', async () => {
    // A console that does not look at the signal: the loop itself must stop.
    const items = records(100)
    const before = new AbortController()
    before.abort()
    const s = source(items)
    await expect(fetchAll(s.fetchPage, (x) => x, { pageSize: 10, signal: before.signal })).rejects.toMatchObject({
      kind: 'cancelled',
      message: 'Loading the list was cancelled.'
    })
    expect(s.asked).toEqual([])

    for (const withTotal of [true, false]) {
      const during = new AbortController()
      const asked: number[] = []
      const deaf: FetchPage<string> = async ({ pageNum, pageSize }) => {
        asked.push(pageNum)
        if (pageNum === 2) during.abort()
        return { items: items.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: withTotal ? 100 : undefined }
      }
      const firstOnly = new AbortController()
      const onFirst: FetchPage<string> = async (page) => {
        firstOnly.abort()
        return deaf(page)
      }
      await expect(
        fetchAll(onFirst, (x) => x, { pageSize: 10, concurrency: 1, signal: firstOnly.signal })
      ).rejects.toMatchObject({ kind: 'cancelled' })
      expect(asked).toEqual([1])
      asked.length = 0
      await expect(
        fetchAll(deaf, (x) => x, { pageSize: 10, concurrency: 1, signal: during.signal })
      ).rejects.toMatchObject({ kind: 'cancelled' })
      expect(asked).toEqual([1, 2])
    }
  })
})

describe('fetchAll de-duplication', () => {
  it('keeps the first of each key in page order, across many pages and keys that look alike', async () => {
    // Long keys differing only in the middle, short keys, and repeats far apart.
    const long = (i: number) => 'x'.repeat(20) + String(i).padStart(4, '0') + 'y'.repeat(40)
    const items = [...Array.from({ length: 300 }, (_, i) => long(i)), ...Array.from({ length: 300 }, (_, i) => `k${i}`)]
    const withRepeats = [...items.slice(0, 450), ...items.slice(100, 200), ...items.slice(450)]
    const s = source(withRepeats)
    expect(await fetchAll(s.fetchPage, (x) => x, { pageSize: 64 })).toEqual(items)
  })

  it('stays linear on 100,000 keys (short ones of one length, long ones that differ only at the start)', async () => {
    // A hash that ignored part of these keys would put them all in one bucket: billions of string
    // comparisons, far past this test's time limit, while a spread hash takes milliseconds.
    const short = Array.from({ length: 50_000 }, (_, i) => 's' + String(i).padStart(6, '0'))
    const long = Array.from({ length: 50_000 }, (_, i) => String(i).padStart(6, '0') + '-'.repeat(30))
    // Keys of 17 to 31 characters: their first part is hashed character by character.
    const middle = Array.from({ length: 2000 }, (_, i) => 'm' + String(i).padStart(19, '0'))
    const items = [...short, ...long, ...middle]
    const fetchPage: FetchPage<string> = async () => ({ items: [...items, ...short.slice(0, 10)], total: 1 })
    const all = await fetchAll(fetchPage, (x) => x, { pageSize: 1_000_000 })
    expect(all).toHaveLength(102_000)
    // One string compare: toEqual on 100,000 items would itself take seconds.
    expect(all.join('|')).toBe(items.join('|'))
  }, 10_000)

  it('keeps the first in page order when a later page arrives first (pages are taken in as they come)', async () => {
    // Page 3 repeats a record of page 2 and is answered before it: the record stays where page 2 has it.
    const pages: Record<number, { id: string; page: number }[]> = {
      1: [{ id: 'a', page: 1 }],
      2: [{ id: 'b', page: 2 }],
      3: [
        { id: 'b', page: 3 },
        { id: 'c', page: 3 }
      ]
    }
    const order: number[] = []
    const fetchPage: FetchPage<{ id: string; page: number }> = async ({ pageNum }) => {
      if (pageNum === 2) await new Promise((resolve) => setTimeout(resolve, 20))
      order.push(pageNum)
      return { items: pages[pageNum]!, total: 3 }
    }
    const all = await fetchAll(fetchPage, (r) => r.id, { pageSize: 1, concurrency: 3 })
    expect(order).toEqual([1, 3, 2])
    expect(all).toEqual([pages[1]![0], pages[2]![0], pages[3]![1]])
  })

  it('keys by the function given, keeping the first record of a key', async () => {
    const rows = [
      { id: 'a', v: 1 },
      { id: 'b', v: 2 },
      { id: 'a', v: 3 }
    ]
    const fetchPage: FetchPage<{ id: string; v: number }> = async () => ({ items: rows, total: 3 })
    expect(await fetchAll(fetchPage, (r) => r.id, { pageSize: 5 })).toEqual([rows[0], rows[1]])
  })
})

describe('toPage', () => {
  it('carries the total of a paginated answer, and none without pagination', () => {
    expect(toPage(['a'], { total: 7 })).toEqual({ items: ['a'], total: 7 })
    expect(toPage(['a'], undefined)).toEqual({ items: ['a'], total: undefined })
  })
})

describe('fetchAll pages as they arrive (onPage)', () => {
  it('hands over every page once, with its number and items as served, before the result', async () => {
    const items = records(23)
    const seen: [number, string[]][] = []
    let resolved = false
    const done = fetchAll(source(items).fetchPage, (x) => x, {
      pageSize: 5,
      concurrency: 3,
      onPage: (pageNum, page) => {
        expect(resolved).toBe(false)
        seen.push([pageNum, page])
      }
    }).then((all) => ((resolved = true), all))
    expect(await done).toEqual(items)
    expect(seen.map(([n]) => n).sort()).toEqual([1, 2, 3, 4, 5])
    expect(seen[0]![0]).toBe(1)
    for (const [n, page] of seen) expect(page).toEqual(items.slice((n - 1) * 5, n * 5))
  })

  it('hands over pages read one after another without pagination, the empty last one too', async () => {
    const items = records(10)
    const seen: [number, number][] = []
    const all = await fetchAll(source(items, { withTotal: false }).fetchPage, (x) => x, {
      pageSize: 5,
      onPage: (pageNum, page) => seen.push([pageNum, page.length])
    })
    expect(all).toEqual(items)
    expect(seen).toEqual([
      [1, 5],
      [2, 5],
      [3, 0]
    ])
  })

  it('hands over pages as served, a repeated record included; the result holds it once', async () => {
    // The list shifted by one between page 1 and page 2: r-4 is served twice.
    const fetchPage: FetchPage<string> = async ({ pageNum }) => ({
      items: pageNum === 1 ? ['r-0', 'r-1', 'r-2', 'r-3', 'r-4'] : ['r-4', 'r-5'],
      total: 7
    })
    const seen: string[] = []
    const all = await fetchAll(fetchPage, (x) => x, { pageSize: 5, onPage: (_n, page) => seen.push(...page) })
    expect(seen).toEqual(['r-0', 'r-1', 'r-2', 'r-3', 'r-4', 'r-4', 'r-5'])
    expect(all).toEqual(['r-0', 'r-1', 'r-2', 'r-3', 'r-4', 'r-5'])
  })

  it('hands over only the first page a console accepted, not a refused size', async () => {
    const items = records(30)
    const seen: [number, number][] = []
    await fetchAll(refusedAbove(25, source(items).fetchPage, []), (x) => x, {
      onPage: (pageNum, page) => seen.push([pageNum, page.length])
    })
    expect(seen).toEqual([
      [1, 25],
      [2, 5]
    ])
  })
})
