import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { API_PREFIX } from '../../shared/access/endpoints'
import type { EndpointInfo } from '../../shared/access/endpoints'
import { fail } from '../envelope'
import { supports } from '../version'
import type { DemoContext } from '../context'

export type RouteHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown

/**
 * Register one console endpoint with its permission key. An endpoint newer than the console's
 * version is not registered at all, so it answers like an older console: a bare 404.
 */
export function route(app: FastifyInstance, ctx: DemoContext, endpoint: EndpointInfo, handler: RouteHandler) {
  if (!supports(ctx.version, endpoint.minVersion)) return
  app.route({
    method: endpoint.method,
    url: API_PREFIX + endpoint.path,
    preHandler: async (request, reply) => {
      const header = request.headers.authorization ?? ''
      const match = /^Bearer (.+)$/.exec(header)
      const scopes = match ? ctx.scopes.get(match[1]!) : undefined
      if (!scopes) return fail(reply, 401, 'CODE_ACCESS_TOKEN_INVALID', 'access token invalid')
      if (!scopes.has(endpoint.permission)) {
        return fail(reply, 403, 'CODE_UNAUTHORIZED', `permission ${endpoint.permission} required`)
      }
      return undefined
    },
    handler
  })
}
