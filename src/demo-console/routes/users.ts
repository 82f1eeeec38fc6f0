import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints } from '../../shared/access/endpoints'
import type { DemoContext } from '../context'
import { success } from '../envelope'
import { DemoError, forbidden, notFound } from '../errors'
import { z } from 'zod'
import { presentPass, presentUser } from '../present'
import { isoWithOffset } from '../state/ids'
import { fullName } from '../state/users'
import { answerPage } from './paging'
import { idParam, parse } from './validate'
import { route } from './define'
import { ownerCredentialRoutes } from './owner-credentials'

const batchAssignBody = z.object({
  ids: z.array(z.string().min(1)).min(1).max(100),
  emails: z.record(z.string(), z.string()).optional()
})

const asList = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)])

/** Users: list, search, fetch (§3.4, §3.5, §3.24) and their credentials (§3.7–§3.10, §3.25–§3.27). */
export function userRoutes(app: FastifyInstance, ctx: DemoContext) {
  const { store } = ctx
  const user = (request: FastifyRequest, name = 'id') => {
    const id = idParam(request, name)
    const found = store.users.get(id)
    if (!found) throw new DemoError(404, 'CODE_USER_WORKER_NOT_EXISTS', `no user with id ${id}`)
    return found
  }

  route(app, ctx, endpoints.usersList, (request, reply) => {
    return answerPage(ctx, reply, store.users.all(), request.query, (u) => presentUser(store, u))
  })

  // Substring of first, last or full name, email or username, case-insensitive; no pagination
  // object, as in the §3.24 sample, unless the caller asks for a page.
  route(app, ctx, endpoints.usersSearch, (request, reply) => {
    const query = request.query as Record<string, unknown>
    const keyword = String(query.keyword ?? '')
      .trim()
      .toLowerCase()
    const ids = new Set(asList(query.user_id))
    const statuses = new Set(asList(query.status))
    const items = store.users.all().filter((u) => {
      if (ids.size > 0 && !ids.has(u.id)) return false
      if (statuses.size > 0 && !statuses.has(u.status)) return false
      if (!keyword) return true
      return [u.first_name, u.last_name, fullName(u), u.user_email, u.username].some((s) =>
        s.toLowerCase().includes(keyword)
      )
    })
    if (query.page_num === undefined && query.page_size === undefined)
      return success(
        ctx,
        reply,
        items.map((u) => presentUser(store, u))
      )
    return answerPage(ctx, reply, items, query, (u) => presentUser(store, u))
  })

  route(app, ctx, endpoints.userFetch, (request, reply) => success(ctx, reply, presentUser(store, user(request))))

  ownerCredentialRoutes(app, ctx, {
    type: 'USER',
    find: (request) => user(request),
    file: 'users',
    paths: {
      assignNfc: endpoints.userAssignNfc,
      unassignNfc: endpoints.userUnassignNfc,
      assignPin: endpoints.userAssignPin,
      unassignPin: endpoints.userUnassignPin
    }
  })

  route(app, ctx, endpoints.userAssignTouchPass, async (request, reply) => {
    const found = user(request, 'user_id')
    const pass = store.touchPasses.get(idParam(request, 'touch_pass_id'))
    if (!pass) throw notFound(`no Touch Pass with id ${idParam(request, 'touch_pass_id')}`)
    if (pass.status !== 'SUSPENDED' && pass.status !== 'INACTIVE')
      throw forbidden(`a ${pass.status} Touch Pass cannot be assigned`)
    const held = store.touchPasses.ofUser(found.id)
    if (held && held.id !== pass.id) throw forbidden(`${fullName(found)} already holds Touch Pass ${held.card_id}`)
    store.touchPasses.setUser(pass, {
      id: found.id,
      name: fullName(found),
      email: found.user_email,
      avatar: found.avatar
    })
    pass.status = 'PENDING'
    pass.bundles = []
    pass.last_activity = isoWithOffset(Date.now())
    await store.save('touchPasses')
    return success(ctx, reply, presentPass(pass))
  })

  // §3.27: the reference says only that "unassigned" passes are used. Here: the free passes
  // (SUSPENDED or INACTIVE, no holder) in purchase order, one per user; every user is checked
  // before anything changes, so a refusal assigns nothing.
  route(app, ctx, endpoints.usersAssignTouchPasses, async (request, reply) => {
    const body = parse(batchAssignBody, request.body)
    const ids = [...new Set(body.ids)]
    const users = ids.map((id) => {
      const found = store.users.get(id)
      if (!found) throw new DemoError(404, 'CODE_USER_WORKER_NOT_EXISTS', `no user with id ${id}`)
      const held = store.touchPasses.ofUser(found.id)
      if (held) throw forbidden(`${fullName(found)} already holds Touch Pass ${held.card_id}`)
      return found
    })
    const free = store.touchPasses
      .all()
      .filter((p) => !p.user_id && (p.status === 'SUSPENDED' || p.status === 'INACTIVE'))
    if (free.length < users.length)
      throw forbidden(`${users.length} users but ${free.length} unassigned Touch Passes; purchase more first`)
    const assigned = users.map((found, i) => {
      const pass = free[i]!
      store.touchPasses.setUser(pass, {
        id: found.id,
        name: fullName(found),
        email: body.emails?.[found.id] ?? found.user_email,
        avatar: found.avatar
      })
      pass.status = 'PENDING'
      pass.bundles = []
      pass.last_activity = isoWithOffset(Date.now())
      return pass
    })
    await store.save('touchPasses')
    return success(
      ctx,
      reply,
      assigned.map((p) => presentPass(p))
    )
  })

  // Back to INACTIVE with the user fields emptied; user_status keeps the user's status (§3.26).
  route(app, ctx, endpoints.userUnassignTouchPass, async (request, reply) => {
    const found = user(request, 'user_id')
    const pass = store.touchPasses.get(idParam(request, 'touch_pass_id'))
    if (!pass) throw notFound(`no Touch Pass with id ${idParam(request, 'touch_pass_id')}`)
    if (pass.user_id !== found.id) throw forbidden(`Touch Pass ${pass.card_id} is not assigned to ${fullName(found)}`)
    store.touchPasses.setUser(pass, null, found.status === 'DEACTIVATED' ? 'UNLINK' : found.status)
    pass.status = 'INACTIVE'
    pass.bundles = []
    pass.last_activity = isoWithOffset(Date.now())
    await store.save('touchPasses')
    return success(ctx, reply, presentPass(pass))
  })
}
