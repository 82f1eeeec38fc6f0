import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { endpoints } from '../../shared/access/endpoints'
import type { DemoContext } from '../context'
import { fail, success } from '../envelope'
import { DemoError } from '../errors'
import { isReader } from '../state/site'
import { idParam, parse } from './validate'
import { route } from './define'

const createBody = z.object({
  device_id: z.string().min(1),
  // Live consoles read reset_ua_card, the spec names reset_vendor_card: either allows the reset.
  reset_ua_card: z.boolean().optional(),
  reset_vendor_card: z.boolean().optional()
})

/** NFC enrollment on a networked reader (E2–E4); cards are presented through POST /__demo/taps. */
export function sessionRoutes(app: FastifyInstance, ctx: DemoContext) {
  route(app, ctx, endpoints.E2, (request, reply) => {
    const body = parse(createBody, request.body)
    const device = ctx.store.site.device(body.device_id)
    if (!device || !device.is_adopted)
      throw new DemoError(404, 'CODE_DEVICE_DEVICE_NOT_FOUND', `device ${body.device_id} not found`)
    if (!isReader(device))
      throw new DemoError(400, 'CODE_DEVICE_API_NOT_SUPPORTED', `${device.type} cannot enroll NFC cards`)
    if (!device.is_online) throw new DemoError(400, 'CODE_DEVICE_DEVICE_OFFLINE', `device ${device.name} is offline`)
    const session = ctx.sessions.create(device.id, body.reset_ua_card === true || body.reset_vendor_card === true)
    return success(ctx, reply, { session_id: session.id })
  })

  // The waiting answer and a too-short hold come in HTTP 200, as on live consoles (facts 6.1); the
  // terminal failures carry a 4xx, so clients are exercised on "dispatch on code whatever the status".
  route(app, ctx, endpoints.E3, (request, reply) => {
    const session = ctx.sessions.get(idParam(request))
    if (!session) return fail(reply, 404, 'CODE_CREDS_NFC_READ_SESSION_NOT_FOUND', 'NFC read session not found')
    if (session.transient) {
      const { code, msg } = session.transient
      session.transient = undefined
      return fail(reply, 200, code, msg)
    }
    const outcome = session.outcome
    switch (outcome.kind) {
      case 'waiting':
        return fail(reply, 200, 'CODE_CREDS_NFC_READ_POLL_TOKEN_EMPTY', 'poll token is empty, no card presented yet')
      case 'error':
        return fail(reply, 400, outcome.code, outcome.msg)
      case 'read':
        return success(ctx, reply, { [ctx.runtime.variants.pollResultField]: outcome.cardId, token: outcome.token })
    }
  })

  route(app, ctx, endpoints.E4, (request, reply) => {
    if (!ctx.sessions.remove(idParam(request)))
      return fail(reply, 404, 'CODE_CREDS_NFC_READ_SESSION_NOT_FOUND', 'NFC read session not found')
    return success(ctx, reply, 'success')
  })
}
