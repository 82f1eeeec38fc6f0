import { endpoints, type EndpointInfo } from '../../../shared/access/endpoints'
import { touchPassOneOrManySchema, touchPassSchema, type TouchPass } from '../../../shared/access/touch-passes'
import { userSchema, type User } from '../../../shared/access/users'
import type { AccessHttp, CallOptions } from './http'
import { fetchAll, toPage, type AllOptions } from './pagination'
import { ownerCredentials } from './owner-credentials'
import { listOf, shownPage } from './list-answer'

const userList = listOf(userSchema)

/** Users (§3.4–§3.10, §3.24–§3.27): the owners credentials are bound to. Writes are never retried. */
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
  /** §3.25/§3.26 answer the pass as it now is. */
  const userPass = async (endpoint: EndpointInfo, userId: string, passId: string, options: CallOptions) =>
    (
      await http.request({
        endpoint,
        params: { user_id: userId, touch_pass_id: passId },
        data: touchPassSchema,
        ...options
      })
    ).data

  return {
    ...ownerCredentials(http, 'user'),

    /** §3.5, one page (1-based). */
    async list(
      input: { page: number; pageSize: number },
      options: CallOptions = {}
    ): Promise<{ items: User[]; total: number }> {
      return shownPage(await page(input.page, input.pageSize, options), input.page, input.pageSize)
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

    /** §3.25 (Access 3.2.20+): the pass (SUSPENDED or INACTIVE) becomes PENDING for the user. */
    assignTouchPass(userId: string, passId: string, options: CallOptions = {}): Promise<TouchPass> {
      return userPass(endpoints.userAssignTouchPass, userId, passId, options)
    },

    /**
     * §3.27 (Access 3.2.20+): one unassigned pass for each user, chosen by the console; each
     * becomes PENDING. `email` per user: where the console sends that user's invitation, when not
     * the user's own address. Never retried (a PUT): the first try may have taken effect.
     */
    async assignTouchPasses(users: { id: string; email?: string }[], options: CallOptions = {}): Promise<TouchPass[]> {
      const emails = Object.fromEntries(users.filter((u) => u.email).map((u) => [u.id, u.email!]))
      const reply = await http.request({
        endpoint: endpoints.usersAssignTouchPasses,
        body: { ids: users.map((u) => u.id), ...(Object.keys(emails).length > 0 ? { emails } : {}) },
        data: touchPassOneOrManySchema,
        ...options
      })
      return reply.data
    },

    /** §3.26: `user_status` may keep the former user's status; `user_id` is what says "assigned". */
    unassignTouchPass(userId: string, passId: string, options: CallOptions = {}): Promise<TouchPass> {
      return userPass(endpoints.userUnassignTouchPass, userId, passId, options)
    }
  }
}
