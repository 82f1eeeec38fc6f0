import { describe, expect, it } from 'vitest'
import { fetchAll, type FetchPage } from '../../../src/main/services/access/pagination'
import { AppError } from '../../../src/shared/errors'

/** A list of `total` numbered items served like the console: at most `cap` per page, 1-based pages. */
function server(total: number, options: { cap?: number; withTotal?: boolean; delayMs?: number } = {}) {
  const items = Array.from({ length: total }, (_, i) => `item-${i}`)
  const asked: { pageNum: number; pageSize: number }[] = []
  let inFlight = 0
  let maxInFlight = 0
  const fetchPage: FetchPage<string> = async ({ pageNum, pageSize, signal }) => {
    asked.push({ pageNum, pageSize })
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    await new Promise((r) => setTimeout(r, options.delayMs ?? 1))
    inFlight--
    if (signal.aborted) throw new Error('aborted')
    const size = Math.min(pageSize, options.cap ?? Infinity)
    const slice = items.slice((pageNum - 1) * size, pageNum * size)
    return { items: slice, total: options.withTotal === false ? undefined : total }
  }
  return { items, asked, fetchPage, maxInFlight: () => maxInFlight }
}

describe('fetchAll', () => {
  it('follows the total with bounded concurrency and keeps page order', async () => {
    const s = server(2345)
    const progress: [number, number][] = []
    const all = await fetchAll(s.fetchPage, (x) => x, {
      pageSize: 100,
      concurrency: 4,
      onProgress: (l, t) => progress.push([l, t])
    })
    expect(all).toEqual(s.items)
    expect(s.asked).toHaveLength(24)
    expect(s.maxInFlight()).toBeLessThanOrEqual(4)
    expect(s.maxInFlight()).toBeGreaterThan(1)
    expect(progress.at(-1)).toEqual([2345, 2345])
  })

  it('paces a read when asked: each page after the first waits for the pace, with or without a total', async () => {
    for (const withTotal of [true, false]) {
      const s = server(450, { withTotal })
      const order: string[] = []
      const fetchPage: FetchPage<string> = (page) => {
        order.push(`page ${page.pageNum}`)
        return s.fetchPage(page)
      }
      const all = await fetchAll(fetchPage, (x) => x, {
        pageSize: 100,
        concurrency: 1,
        pace: async () => void order.push('pace')
      })
      expect(all).toEqual(s.items)
      expect(order.slice(0, 5)).toEqual(['page 1', 'pace', 'page 2', 'pace', 'page 3'])
      expect(order.filter((o) => o === 'pace')).toHaveLength(
        order.length - order.filter((o) => o === 'pace').length - 1
      )
    }
  })

  it('falls back to the page size the console actually serves', async () => {
    const s = server(1050, { cap: 200 })
    const all = await fetchAll(s.fetchPage, (x) => x, { pageSize: 500 })
    expect(all).toEqual(s.items)
    expect(s.asked.slice(1).every((a) => a.pageSize === 200)).toBe(true)
  })

  it('steps down when a console refuses a large page_size', async () => {
    const s = server(730)
    const refusing: FetchPage<string> = async (page) => {
      if (page.pageSize > 100) throw new AppError({ kind: 'validation', message: 'page_size must be from 1 to 100' })
      return s.fetchPage(page)
    }
    const all = await fetchAll(refusing, (x) => x, { pageSize: 500 })
    expect(all).toEqual(s.items)
    expect(s.asked.every((a) => a.pageSize === 100)).toBe(true)
  })

  it('reads page after page until a short one when there is no pagination', async () => {
    const s = server(250, { withTotal: false })
    const all = await fetchAll(s.fetchPage, (x) => x, { pageSize: 100 })
    expect(all).toEqual(s.items)
    expect(s.asked.map((a) => a.pageNum)).toEqual([1, 2, 3])
  })

  it('handles an empty list and drops duplicates', async () => {
    expect(await fetchAll(server(0).fetchPage, (x) => x)).toEqual([])
    const dup: FetchPage<string> = async ({ pageNum }) => ({ items: pageNum === 1 ? ['a', 'b'] : ['b', 'c'], total: 4 })
    expect(await fetchAll(dup, (x) => x, { pageSize: 2 })).toEqual(['a', 'b', 'c'])
  })

  it('stops on abort with a cancelled error and no further pages', async () => {
    const s = server(5000, { delayMs: 5 })
    const controller = new AbortController()
    const run = fetchAll(s.fetchPage, (x) => x, {
      pageSize: 100,
      signal: controller.signal,
      onProgress: (loaded) => loaded >= 500 && controller.abort()
    })
    await expect(run).rejects.toMatchObject({ kind: 'cancelled' })
    const asked = s.asked.length
    await new Promise((r) => setTimeout(r, 30))
    expect(s.asked.length).toBe(asked)
    expect(asked).toBeLessThan(50)
  })

  it('fails with the first page error and cancels the rest', async () => {
    let calls = 0
    const failing: FetchPage<string> = async ({ pageNum }) => {
      calls++
      if (pageNum === 3) throw new Error('page 3 broke')
      await new Promise((r) => setTimeout(r, 5))
      return { items: Array.from({ length: 10 }, (_, i) => `${pageNum}-${i}`), total: 1000 }
    }
    await expect(fetchAll(failing, (x) => x, { pageSize: 10, concurrency: 2 })).rejects.toThrow(/page 3 broke/)
    expect(calls).toBeLessThan(10)
  })
})
