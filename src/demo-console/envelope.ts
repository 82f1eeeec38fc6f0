import type { FastifyReply } from 'fastify'
import type { DemoContext } from './context'

export interface Pagination {
  page_num: number
  page_size: number
  total: number
}

/** A success in the console's envelope (spec 2.1). */
export function ok(reply: FastifyReply, data?: unknown, pagination?: Pagination, msg = 'success') {
  const body: Record<string, unknown> = { code: 'SUCCESS', msg }
  if (data !== undefined) body.data = data
  if (pagination) body.pagination = pagination
  return reply.code(200).send(body)
}

/** A success with the msg the `successMsg` variant asks for (`succ` like the §6.8/§6.12 samples). */
export function success(ctx: DemoContext, reply: FastifyReply, data?: unknown, pagination?: Pagination) {
  return ok(reply, data, pagination, ctx.runtime.variants.successMsg)
}

/** A failure as the console answers it: an HTTP status and `{code, msg}`. */
export function fail(reply: FastifyReply, status: number, code: string, msg: string) {
  return reply.code(status).send({ code, msg })
}
