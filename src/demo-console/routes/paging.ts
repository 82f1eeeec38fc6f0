import type { DemoContext } from '../context'
import type { FastifyReply } from 'fastify'
import { success, type Pagination } from '../envelope'
import { invalid } from '../errors'

const MAX_PAGE_SIZE = 1000
const DEFAULT_PAGE_SIZE = 25

export interface PageRequest {
  page: number
  size: number
}

/** `page_num`/`page_size` from the query string (strings that hold integers, facts 1.7). */
function pageOf(query: unknown): PageRequest {
  const q = (query ?? {}) as Record<string, unknown>
  return {
    page: positive(q.page_num, 'page_num', 1, Number.MAX_SAFE_INTEGER),
    size: positive(q.page_size, 'page_size', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
  }
}

function positive(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(Array.isArray(value) ? value[0] : value)
  if (!Number.isInteger(n) || n < 1 || n > max) throw invalid(`${name} must be an integer from 1 to ${max}`)
  return n
}

/** One page of `items`; past the last page the data is empty and `total` still tells the truth. */
function paginate<T>(
  ctx: DemoContext,
  items: readonly T[],
  request: PageRequest
): { data: T[]; pagination: Pagination } {
  const data = items.slice((request.page - 1) * request.size, request.page * request.size)
  const size = ctx.runtime.variants.pageSizeEcho === 'returned' ? data.length : request.size
  return { data, pagination: { page_num: request.page, page_size: size, total: items.length } }
}

/** Answer the page of `items` the query asks for (`page_num`/`page_size`), each item as `present` shows it. */
export function answerPage<T>(
  ctx: DemoContext,
  reply: FastifyReply,
  items: readonly T[],
  query: unknown,
  present: (item: T) => unknown
) {
  const page = paginate(ctx, items, pageOf(query))
  return success(
    ctx,
    reply,
    page.data.map((item) => present(item)),
    page.pagination
  )
}
