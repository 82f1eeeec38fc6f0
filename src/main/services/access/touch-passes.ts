import { endpoints } from '../../../shared/access/endpoints'
import {
  touchPassOneOrManySchema,
  touchPassSchema,
  type TouchPass,
  type TouchPassFilterStatus,
  type TouchPassUpdate
} from '../../../shared/access/touch-passes'
import type { AccessHttp, CallOptions } from './http'
import { fetchAll, toPage, type AllOptions } from './pagination'
import { listOf, shownPage } from './list-answer'

const passList = listOf(touchPassSchema)

/** Touch Passes (E9–E14, Access 3.2.20+). */
export function touchPasses(http: AccessHttp) {
  const page = async (
    pageNum: number,
    pageSize: number,
    status: TouchPassFilterStatus | undefined,
    options: CallOptions
  ) => {
    const reply = await http.request({
      endpoint: endpoints.E9,
      query: { page_num: pageNum, page_size: pageSize, status },
      data: passList,
      ...options
    })
    return toPage(reply.data, reply.pagination)
  }

  const all = (input: { status?: TouchPassFilterStatus } & AllOptions = {}): Promise<TouchPass[]> =>
    fetchAll(
      ({ pageNum, pageSize, signal }) => page(pageNum, pageSize, input.status, { signal, timeoutMs: input.timeoutMs }),
      (pass) => pass.id,
      input
    )

  return {
    /** E9, one page (1-based), optionally one status. */
    async list(
      input: { page: number; pageSize: number; status?: TouchPassFilterStatus },
      options: CallOptions = {}
    ): Promise<{ items: TouchPass[]; total: number }> {
      return shownPage(await page(input.page, input.pageSize, input.status, options), input.page, input.pageSize)
    },

    /** E9, every page. */
    all,

    /**
     * How many passes the list holds (E9, every status it lists): `pagination.total` of a
     * one-item page, or every page counted when the console sends no pagination.
     */
    async count(options: CallOptions = {}): Promise<number> {
      const first = await page(1, 1, undefined, options)
      if (first.total !== undefined) return first.total
      return (await all({ signal: options.signal, timeoutMs: options.timeoutMs })).length
    },

    /**
     * The EXPIRED passes the list holds. E9's status filter has no EXPIRED (facts E9), so every
     * page is read without a filter and the expired ones kept; `scanned` says how many were read.
     */
    async expired(options: AllOptions = {}): Promise<{ items: TouchPass[]; scanned: number }> {
      const every = await all(options)
      return { items: every.filter((p) => p.status === 'EXPIRED'), scanned: every.length }
    },

    /** E10: card id fragment or user name. */
    async search(condition: string, options: CallOptions = {}): Promise<TouchPass[]> {
      const reply = await http.request({ endpoint: endpoints.E10, query: { condition }, data: passList, ...options })
      return reply.data
    },

    /** E11: passes in SUSPENDED or INACTIVE, which can be given to a user. */
    async assignable(options: CallOptions = {}): Promise<TouchPass[]> {
      const reply = await http.request({ endpoint: endpoints.E11, data: passList, ...options })
      return reply.data
    },

    /** E13. */
    async get(id: string, options: CallOptions = {}): Promise<TouchPass> {
      const reply = await http.request({ endpoint: endpoints.E13, params: { id }, data: touchPassSchema, ...options })
      return reply.data
    },

    /** E12: rename, ACTIVE/SUSPENDED, or unbundle devices (`bundle_status: DISABLED`). */
    async update(id: string, input: TouchPassUpdate, options: CallOptions = {}): Promise<TouchPass> {
      const reply = await http.request({
        endpoint: endpoints.E12,
        params: { id },
        body: input,
        data: touchPassSchema,
        ...options
      })
      return reply.data
    },

    /**
     * E14: costs money; never retried. The reference answers one object even for count > 1, so
     * the result is what the console said it created, as an array.
     */
    async purchase(count: number, options: CallOptions = {}): Promise<TouchPass[]> {
      const reply = await http.request({
        endpoint: endpoints.E14,
        body: { count },
        data: touchPassOneOrManySchema,
        ...options
      })
      return reply.data
    }
  }
}
