import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/access/endpoints'
import type { DemoContext } from '../context'
import { success } from '../envelope'
import { notFound } from '../errors'
import { presentDoor, presentGroup, presentTopology } from '../present'
import { idParam } from './validate'
import { route } from './define'

/** Door group topology (§7.1), custom door groups (§7.5), one door group (§7.3) and doors (§7.8). */
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
  // Any group by id, the building group and a visitor's automatic group too: a group the console
  // made for doors chosen one by one is a door group like the others, only not listed (facts 2.0).
  route(app, ctx, endpoints.doorGroupFetch, (request, reply) => {
    const id = idParam(request)
    const group = site.group(id)
    if (!group) throw notFound(`no door group with id ${id}`)
    return success(ctx, reply, {
      id: group.id,
      name: group.name,
      type: group.type,
      resources: group.door_ids.flatMap((doorId) => {
        const door = site.door(doorId)
        return door ? [{ id: door.id, name: door.name, type: 'door' }] : []
      })
    })
  })
  route(app, ctx, endpoints.doorsList, (_request, reply) =>
    success(
      ctx,
      reply,
      site.record.doors.map((d) => presentDoor(ctx.store, d))
    )
  )
}
