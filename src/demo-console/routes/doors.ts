import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/access/endpoints'
import type { DemoContext } from '../context'
import { success } from '../envelope'
import { presentDoor, presentGroup, presentTopology } from '../present'
import { route } from './define'

/** Door group topology (§7.1), custom door groups (§7.5) and doors (§7.8). */
export function doorRoutes(app: FastifyInstance, ctx: DemoContext) {
  const site = ctx.store.site
  route(app, ctx, endpoints.doorGroupsTopology, (_request, reply) =>
    success(
      ctx,
      reply,
      site.record.groups.filter((g) => !g.hidden).map((g) => presentTopology(ctx.store, g))
    )
  )
  // Only custom (`access`) groups: the building group comes from the topology (facts 3.12).
  route(app, ctx, endpoints.doorGroupsList, (_request, reply) =>
    success(ctx, reply, site.record.groups.filter((g) => !g.hidden && g.type === 'access').map(presentGroup))
  )
  route(app, ctx, endpoints.doorsList, (_request, reply) =>
    success(
      ctx,
      reply,
      site.record.doors.map((d) => presentDoor(ctx.store, d))
    )
  )
}
