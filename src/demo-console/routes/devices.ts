import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../shared/access/endpoints'
import type { DemoContext } from '../context'
import { success } from '../envelope'
import { presentDevice } from '../present'
import type { DeviceRecord } from '../state/schemas'
import { route } from './define'

/** §8.1: `data` is an array of arrays, one inner array per location (door), as the 4.0.10 conversion reads it. */
export function deviceRoutes(app: FastifyInstance, ctx: DemoContext) {
  route(app, ctx, endpoints.devicesList, (_request, reply) => {
    const groups = new Map<string, DeviceRecord[]>()
    for (const device of ctx.store.site.record.devices) {
      const list = groups.get(device.location_id) ?? []
      list.push(device)
      groups.set(device.location_id, list)
    }
    return success(
      ctx,
      reply,
      [...groups.values()].map((list) => list.map(presentDevice))
    )
  })
}
