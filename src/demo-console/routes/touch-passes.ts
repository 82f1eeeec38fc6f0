import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { endpoints } from '../../shared/access/endpoints'
import type { DemoContext } from '../context'
import { success } from '../envelope'
import { forbidden, invalid, notFound } from '../errors'
import { presentPass } from '../present'
import { isoWithOffset, touchPassCardId } from '../state/ids'
import { touchPassFilterStatuses } from '../../shared/access/touch-passes'
import type { TouchPassRecord } from '../state/schemas'
import { answerPage } from './paging'
import { idParam, parse } from './validate'
import { route } from './define'

// The reference's filter enum has no EXPIRED (facts E9): refused as a console would refuse any
// value outside it. The unfiltered list holds every pass, expired ones included.
const listQuery = z.object({ status: z.enum(touchPassFilterStatuses).optional() })
const updateBody = z.object({
  card_name: z.string().max(255).optional(),
  status: z.enum(['ACTIVE', 'SUSPENDED']).optional(),
  bundles: z.array(z.object({ bundle_id: z.string().min(1), bundle_status: z.literal('DISABLED') })).optional()
})
const purchaseBody = z.object({ count: z.number().int().min(1).max(100) })

/** Touch Passes (E9–E14). Assignment to users is in users.ts (§3.25, §3.26). */
export function touchPassRoutes(app: FastifyInstance, ctx: DemoContext) {
  const { store } = ctx
  const pass = (request: FastifyRequest) => {
    const id = idParam(request)
    const found = store.touchPasses.get(id)
    if (!found) throw notFound(`no Touch Pass with id ${id}`)
    return found
  }

  route(app, ctx, endpoints.E9, (request, reply) => {
    const { status } = parse(listQuery, request.query)
    const items = store.touchPasses.all().filter((p) => !status || p.status === status)
    return answerPage(ctx, reply, items, request.query, (p) => presentPass(p))
  })

  // Substring of the card id or of the user's name, case-insensitive (the reference's examples are
  // a partial card id and a full name).
  route(app, ctx, endpoints.E10, (request, reply) => {
    const condition = String((request.query as Record<string, unknown>).condition ?? '')
      .trim()
      .toLowerCase()
    if (!condition) throw invalid('condition: required')
    const items = store.touchPasses
      .all()
      .filter((p) => p.card_id.toLowerCase().includes(condition) || p.user_name.toLowerCase().includes(condition))
    return success(
      ctx,
      reply,
      items.map((p) => presentPass(p))
    )
  })

  route(app, ctx, endpoints.E11, (_request, reply) => {
    const items = store.touchPasses.all().filter((p) => p.status === 'SUSPENDED' || p.status === 'INACTIVE')
    return success(
      ctx,
      reply,
      items.map((p) => presentPass(p, { noBundles: true }))
    )
  })

  route(app, ctx, endpoints.E12, async (request, reply) => {
    const found = pass(request)
    const body = parse(updateBody, request.body)
    for (const bundle of body.bundles ?? []) {
      if (!found.bundles.some((b) => b.bundle_id === bundle.bundle_id))
        throw notFound(`bundles: no bundle ${bundle.bundle_id} on this Touch Pass`)
    }
    if (body.status && found.status === 'EXPIRED') throw forbidden('an expired Touch Pass cannot change status')
    if (body.card_name !== undefined) found.card_name = body.card_name
    if (body.bundles) {
      const disabled = new Set(body.bundles.map((b) => b.bundle_id))
      found.bundles = found.bundles.filter((b) => !disabled.has(b.bundle_id))
    }
    if (body.status) {
      found.status = body.status
      for (const b of found.bundles) b.bundle_status = body.status
    }
    // last_activity is left as it was: the reference calls it the pass's last activity and does not
    // say that an administrator's rename, status change or device removal counts as one (facts E12).
    await store.save('touchPasses')
    return success(ctx, reply, presentPass(found, { timestamps: true }))
  })

  route(app, ctx, endpoints.E13, (request, reply) =>
    success(ctx, reply, presentPass(pass(request), { timestamps: true }))
  )

  // The spec shows one object for any count (its sample buys 2 and gets 1 back): we answer the first
  // pass bought, or all of them when the `purchaseAnswer: array` variant is set.
  route(app, ctx, endpoints.E14, async (request, reply) => {
    const { count } = parse(purchaseBody, request.body)
    const bought: TouchPassRecord[] = []
    for (let i = 0; i < count; i++) {
      const created: TouchPassRecord = {
        id: store.ids.uuid(),
        card_id: touchPassCardId(store.ids),
        card_name: '',
        status: 'INACTIVE',
        last_activity: isoWithOffset(Date.now()),
        user_id: '',
        user_name: '',
        user_email: '',
        user_avatar: '',
        user_status: '',
        bundles: []
      }
      store.touchPasses.add(created)
      bought.push(created)
    }
    await store.save('touchPasses')
    const shaped = bought.map((p) => presentPass(p))
    const answer = ctx.runtime.variants.purchaseAnswer
    if (answer === 'unreadable') return success(ctx, reply, { passes: bought.length })
    return success(ctx, reply, answer === 'array' ? shaped : shaped[0])
  })
}
