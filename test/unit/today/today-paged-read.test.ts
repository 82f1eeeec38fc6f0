import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AccessClient } from '../../../src/main/services/access/client'
import { TodayService } from '../../../src/main/services/today/today-service'
import { TodayLive } from '../../../src/main/services/today/live-updates'
import { localDay, touchesDay } from '../../../src/main/services/today/desk-day'
import { AppError } from '../../../src/shared/errors'
import { startDemo, type Demo } from '../access/support'

/**
 * Today reads every visitor of the console on each load (the list cannot filter by time): on the
 * large demo site, 5,000 visitors in five pages of 1,000, four in flight at once. Read that way the
 * list must be exactly the one read a page after another, and a page that fails fails the whole read:
 * the desk never sees four fifths of the day as if it were all of it.
 */
const now = new Date()
const noMarks = async () => ({ printed: new Map<string, string>(), qrRevokedSincePrint: new Map<string, string>() })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Request = AccessClient['http']['request']
/** The visitor list's page number of a request (undefined for any other request). */
const pageOf = (spec: Parameters<Request>[0]) =>
  spec.endpoint.path === '/visitors' ? (spec.query?.page_num as number | undefined) : undefined

describe('Today on 5,000 visitors: pages read at once, one list', () => {
  let demo: Demo
  let client: AccessClient
  beforeAll(async () => {
    demo = await startDemo({ seed: 'large' })
    client = demo.client()
  }, 60_000)
  afterAll(() => demo.stop())

  /** Today's service on `client`, its visitors read with `concurrency` pages in flight (the last read kept in `read`). */
  const today = (concurrency: number, read: { ids?: string[] } = {}) =>
    new TodayService({
      client: async () => ({
        doors: client.doors,
        visitors: {
          ...client.visitors,
          allOfTheDay: async (input = {}) => {
            const visitors = await client.visitors.allOfTheDay({ ...input, concurrency })
            read.ids = visitors.map((v) => v.id)
            return visitors
          }
        }
      }),
      badgeMarks: noMarks,
      now: () => now
    })

  it('pages answered out of order give exactly the list read one page after another', async () => {
    const one: { ids?: string[] } = {}
    const four: { ids?: string[] } = {}
    const sequential = await today(1, one).read()
    // The later a page, the sooner it is answered: pages 5, 4, 3 arrive before page 2.
    const original: Request = client.http.request.bind(client.http)
    const asked: number[] = []
    const spy = vi.spyOn(client.http, 'request').mockImplementation((async (spec: Parameters<Request>[0]) => {
      const page = pageOf(spec)
      if (page !== undefined) {
        asked.push(page)
        if (page > 1) await sleep((6 - page) * 40)
      }
      return original(spec)
    }) as Request)
    let concurrent: Awaited<ReturnType<TodayService['read']>>
    try {
      concurrent = await today(4, four).read()
    } finally {
      spy.mockRestore()
    }
    expect(asked.sort()).toEqual([1, 2, 3, 4, 5])
    // The visitors in the console's order, each once, then the same rows.
    expect(four.ids).toHaveLength(5000)
    expect(four.ids).toEqual(one.ids)
    expect(concurrent).toEqual(sequential)
    // Every visitor the console holds whose window touches the day, each once.
    const held = (
      await demo.control<{ data: { id: string; start_time: number; end_time: number }[] }>(
        'GET',
        '/__demo/state/visitors'
      )
    ).body.data
    expect(held).toHaveLength(5000)
    const day = localDay(now)
    const ofTheDay = held.filter((v) => touchesDay(v, day)).map((v) => v.id)
    expect(ofTheDay.length).toBeGreaterThan(1000)
    expect(concurrent.rows.map((r) => r.id).sort()).toEqual(ofTheDay.sort())
  }, 60_000)

  it('a page that fails fails the whole read: no partial list, and the list held before stays, said as not read now', async () => {
    const service = today(4)
    const live = new TodayLive({
      read: () => service.read(),
      open: async () => {
        throw new Error('no socket in this test')
      },
      emit: () => undefined
    })
    try {
      const before = await live.read()
      expect(before.rows.length).toBeGreaterThan(1000)

      // Page 3 meets a console that fails every visitor list from then on (retries included).
      const original: Request = client.http.request.bind(client.http)
      const spy = vi.spyOn(client.http, 'request').mockImplementation((async (spec: Parameters<Request>[0]) => {
        if (pageOf(spec) === 3) await demo.control('PUT', '/__demo/faults', { errorRate: { 'GET /visitors': 1 } })
        return original(spec)
      }) as Request)
      try {
        const failed = await service.read().catch((err: unknown) => err)
        expect(failed).toBeInstanceOf(AppError)
        expect((failed as AppError).kind).toBe('server')

        // Through the live list: the rows are the whole list read before, marked as not read now.
        const after = await live.read()
        expect(after.notReadNow?.message).toBeTruthy()
        expect(after.rows).toEqual(before.rows)
      } finally {
        spy.mockRestore()
        await demo.control('DELETE', '/__demo/faults')
      }

      // With nothing held (another console, a first open), the failure is the answer.
      await live.restart()
      await demo.control('PUT', '/__demo/faults', { errorRate: { 'GET /visitors': 1 } })
      try {
        await expect(live.read()).rejects.toBeInstanceOf(AppError)
      } finally {
        await demo.control('DELETE', '/__demo/faults')
      }
    } finally {
      live.close()
    }
  }, 60_000)
})
