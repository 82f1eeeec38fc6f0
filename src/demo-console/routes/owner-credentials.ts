import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { EndpointInfo } from '../../shared/access/endpoints'
import type { DemoContext } from '../context'
import { success } from '../envelope'
import { assignCard, checkPin, unassignCard } from '../state/credentials'
import { parse } from './validate'
import { route } from './define'

const tokenBody = z.object({ token: z.string().min(1), force_add: z.boolean().optional() })
const pinBody = z.object({ pin_code: z.string().min(1) })

/**
 * Binding an NFC card or a PIN to its owner: users (§3.7–§3.10) and visitors (§4.7–§4.10) follow
 * the same rules on their own paths; only where the owner lives differs.
 */
export function ownerCredentialRoutes(
  app: FastifyInstance,
  ctx: DemoContext,
  owner: {
    type: 'USER' | 'VISITOR'
    find: (request: FastifyRequest) => { id: string; pin_hash: string | null }
    file: 'users' | 'visitors'
    paths: { assignNfc: EndpointInfo; unassignNfc: EndpointInfo; assignPin: EndpointInfo; unassignPin: EndpointInfo }
  }
) {
  const { store } = ctx

  route(app, ctx, owner.paths.assignNfc, async (request, reply) => {
    const found = owner.find(request)
    const body = parse(tokenBody, request.body)
    await assignCard(store, { type: owner.type, id: found.id }, body.token, body.force_add === true)
    return success(ctx, reply)
  })

  route(app, ctx, owner.paths.unassignNfc, async (request, reply) => {
    const found = owner.find(request)
    await unassignCard(store, found.id, parse(tokenBody, request.body).token)
    return success(ctx, reply)
  })

  route(app, ctx, owner.paths.assignPin, async (request, reply) => {
    const found = owner.find(request)
    found.pin_hash = checkPin(store, found.id, parse(pinBody, request.body).pin_code)
    await store.save(owner.file)
    return success(ctx, reply)
  })

  route(app, ctx, owner.paths.unassignPin, async (request, reply) => {
    owner.find(request).pin_hash = null
    await store.save(owner.file)
    return success(ctx, reply)
  })
}
