import { z } from 'zod'
import { endpoints } from '../../../shared/access/endpoints'
import { touchPassSchema, type TouchPass } from '../../../shared/access/touch-passes'
import { userSchema, type User } from '../../../shared/access/users'
import type { AccessHttp, CallOptions } from './http'
import { fetchAll, toPage, type AllOptions } from './pagination'

const userList = z
  .array(userSchema)
  .nullish()
  .transform((d) => d ?? [])
const noData = z.unknown()

/** Users (§3.4–§3.10, §3.24–§3.26): the owners credentials are bound to. Writes are never retried. */
export function users(http: AccessHttp) {
  const page = async (pageNum: number, pageSize: number, options: CallOptions) => {
    const reply = await http.request({
      endpoint: endpoints.usersList,
      query: { page_num: pageNum, page_size: pageSize },
      data: userList,
      ...options
    })
    return toPage(reply.data, reply.pagination)
  }

  return {
    /** §3.5, one page (1-based). */
    async list(
      input: { page: number; pageSize: number },
      options: CallOptions = {}
    ): Promise<{ items: User[]; total: number }> {
      const p = await page(input.page, input.pageSize, options)
      return { items: p.items, total: p.total ?? (input.page - 1) * input.pageSize + p.items.length }
    },

    /** §3.5, every page. */
    all(options: AllOptions = {}): Promise<User[]> {
      return fetchAll(
        ({ pageNum, pageSize, signal }) => page(pageNum, pageSize, { signal, timeoutMs: options.timeoutMs }),
        (u) => u.id,
        options
      )
    },

    /** §3.24 (Access 3.1.30+): free-text search, first 100 matches. */
    async search(keyword: string, options: CallOptions & { pageSize?: number } = {}): Promise<User[]> {
      const reply = await http.request({
        endpoint: endpoints.usersSearch,
        query: { keyword, page_num: 1, page_size: options.pageSize ?? 100 },
        data: userList,
        signal: options.signal,
        timeoutMs: options.timeoutMs
      })
      return reply.data
    },

    /** §3.4. */
    async get(id: string, options: CallOptions = {}): Promise<User> {
      return (await http.request({ endpoint: endpoints.userFetch, params: { id }, data: userSchema, ...options })).data
    },

    /** §3.7: `force` takes the card over from its current holder. */
    async assignNfc(
      id: string,
      token: string,
      input: { force?: boolean } = {},
      options: CallOptions = {}
    ): Promise<void> {
      await http.request({
        endpoint: endpoints.userAssignNfc,
        params: { id },
        body: input.force ? { token, force_add: true } : { token },
        data: noData,
        ...options
      })
    },

    /** §3.8 (PUT on `/delete`, as public clients and §4.8 do). */
    async unassignNfc(id: string, token: string, options: CallOptions = {}): Promise<void> {
      await http.request({
        endpoint: endpoints.userUnassignNfc,
        params: { id },
        body: { token },
        data: noData,
        ...options
      })
    },

    /** §3.9: the plaintext PIN from E1. */
    async assignPin(id: string, pin: string, options: CallOptions = {}): Promise<void> {
      await http.request({
        endpoint: endpoints.userAssignPin,
        params: { id },
        body: { pin_code: pin },
        data: noData,
        ...options
      })
    },

    /** §3.10. */
    async unassignPin(id: string, options: CallOptions = {}): Promise<void> {
      await http.request({ endpoint: endpoints.userUnassignPin, params: { id }, data: noData, ...options })
    },

    /** §3.25 (Access 3.2.20+): the pass (SUSPENDED or INACTIVE) becomes PENDING for the user. */
    async assignTouchPass(userId: string, passId: string, options: CallOptions = {}): Promise<TouchPass> {
      const reply = await http.request({
        endpoint: endpoints.userAssignTouchPass,
        params: { user_id: userId, touch_pass_id: passId },
        data: touchPassSchema,
        ...options
      })
      return reply.data
    },

    /** §3.26: `user_status` may keep the former user's status; `user_id` is what says "assigned". */
    async unassignTouchPass(userId: string, passId: string, options: CallOptions = {}): Promise<TouchPass> {
      const reply = await http.request({
        endpoint: endpoints.userUnassignTouchPass,
        params: { user_id: userId, touch_pass_id: passId },
        data: touchPassSchema,
        ...options
      })
      return reply.data
    }
  }
}
