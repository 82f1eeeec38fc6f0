import { describe, expect, it } from 'vitest'
import { fetchAll, type FetchPage } from '../../../src/main/services/access/pagination'

/**
 * A list that changes while it is read, the way a console's list does while someone enrols cards or
 * an import runs: page `n` is always cut from the list as it is at that moment (offset pagination),
 * and `total` is its length then. `afterPage` runs once a page is cut, before it is answered.
 */
function changingList(
  initial: string[],
  afterPage: (list: string[], pageNum: number) => void,
  options: { delayMs?: number; withTotal?: boolean } = {}
) {
  const list = [...initial]
  const asked: number[] = []
  const fetchPage: FetchPage<string> = async ({ pageNum, pageSize }) => {
    asked.push(pageNum)
    const items = list.slice((pageNum - 1) * pageSize, pageNum * pageSize)
    const total = list.length
    afterPage(list, pageNum)
    // Answers arrive later than the page was cut, as over a network (0: on the next microtask).
    if (options.delayMs !== 0) await new Promise((r) => setTimeout(r, options.delayMs ?? 1))
    return { items, total: options.withTotal === false ? undefined : total }
  }
  return { list, asked, fetchPage }
}

const records = (n: number, prefix = 'r') => Array.from({ length: n }, (_, i) => `${prefix}-${i}`)

describe('fetchAll on a list that grows while it is read', () => {
  it('new records at the top push old ones past the first total: every old record is read, once', async () => {
    // 300 records, pages of 100: three pages by the first total. After page 1 is read, 30 new records
    // arrive at the top (newest first), so the last 30 old records move to a fourth page.
    const original = records(300)
    const source = changingList(original, (list, pageNum) => {
      if (pageNum === 1) list.unshift(...records(30, 'new'))
    })
    const all = await fetchAll(source.fetchPage, (x) => x, { pageSize: 100, concurrency: 1 })
    // Nothing that was there when the read began is dropped (the read follows the larger total to
    // page 4) and nothing is doubled (page 2 repeats the 30 records page 1 ended with).
    expect(all).toEqual(original)
    expect(source.asked).toEqual([1, 2, 3, 4])
  })

  it('the same with pages read in parallel', async () => {
    const original = records(300)
    const source = changingList(original, (list, pageNum) => {
      if (pageNum === 1) list.unshift(...records(30, 'new'))
    })
    const progress: [number, number][] = []
    const all = await fetchAll(source.fetchPage, (x) => x, {
      pageSize: 100,
      concurrency: 4,
      onProgress: (loaded, total) => progress.push([loaded, total])
    })
    expect(all).toEqual(original)
    expect([...source.asked].sort()).toEqual([1, 2, 3, 4])
    // Progress counts what was read against the total as last reported.
    expect(progress[0]).toEqual([100, 300])
    expect(progress.at(-1)).toEqual([330, 330])
  })

  it('records added at the end while the list is read are read too, until the read catches up', async () => {
    // 30 records arrive after each page is cut: slower than pages of 100 are read, so the read ends.
    let servedTotal = 0
    const source = changingList(records(250), (list) => {
      servedTotal = list.length
      list.push(...records(30, `late${list.length}`))
    })
    const all = await fetchAll(source.fetchPage, (x) => x, { pageSize: 100, concurrency: 1 })
    // Exactly the list as its last page was cut: 250 + 3 × 30, in order, each once.
    expect(servedTotal).toBe(340)
    expect(all).toEqual(source.list.slice(0, 340))
    expect(source.asked).toEqual([1, 2, 3, 4])
  })

  it('a list that grows faster than it is read ends with an error, never a loop or a silently cut list', async () => {
    // A full page more arrives after every page: the read can never reach the end.
    const grow = (list: string[]) => list.push(...records(2, `more${list.length}`))
    const failure = {
      kind: 'server',
      code: 'LIST_DID_NOT_END',
      message: 'The list did not end after 10000 pages: the console kept reporting more.'
    }
    const withTotal = changingList(records(4), grow, { delayMs: 0 })
    await expect(fetchAll(withTotal.fetchPage, (x) => x, { pageSize: 2 })).rejects.toMatchObject(failure)
    expect(withTotal.asked).toEqual(Array.from({ length: 10_000 }, (_, i) => i + 1))
    // Without pagination in the answer: every page is full, so there is always a next one.
    const noTotal = changingList(records(4), grow, { delayMs: 0, withTotal: false })
    const err = await fetchAll(noTotal.fetchPage, (x) => x, { pageSize: 2 }).catch((e: unknown) => e)
    expect(err).toMatchObject(failure)
    expect((err as { hint: string }).hint).toMatch(/faster than they can be read .*Load the list again/)
    expect(noTotal.asked).toEqual(Array.from({ length: 10_000 }, (_, i) => i + 1))
  })

  it('a later page that reports a smaller total or none does not cut the read short', async () => {
    // A stale or missing total on one page is not the list shrinking: the largest total seen rules.
    const items = records(500)
    const fetchPage: FetchPage<string> = async ({ pageNum, pageSize }) => {
      await new Promise((r) => setTimeout(r, pageNum === 2 ? 1 : 5))
      const total = pageNum === 1 ? 300 : pageNum === 2 ? 500 : pageNum === 3 ? undefined : 200
      return { items: items.slice((pageNum - 1) * pageSize, pageNum * pageSize), total }
    }
    expect(await fetchAll(fetchPage, (x) => x, { pageSize: 100, concurrency: 1 })).toEqual(items)
    expect(await fetchAll(fetchPage, (x) => x, { pageSize: 100, concurrency: 3 })).toEqual(items)
  })
})
