import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { endpoints } from '../../shared/access/endpoints'
import type { DemoContext } from '../context'
import { success } from '../envelope'
import { DemoError, forbidden, notFound } from '../errors'
import { presentPass, presentUser } from '../present'
import { assignCard, checkPin, unassignCard } from '../state/credentials'
import { isoWithOffset } from '../state/ids'
import { fullName } from '../state/users'
import { paginate, pageOf } from './paging'
import { idParam, parse } from './validate'
import { route } from './define'

const tokenBody = z.object({ token: z.string().min(1), force_add: z.boolean().optional() })
const pinBody = z.object({ pin_code: z.string().min(1) })
const asList = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)])

/** Users: list, search, fetch (§3.4, §3.5, §3.24) and their credentials (§3.7–§3.10, §3.25, §3.26). */
export function userRoutes(app: FastifyInstance, ctx: DemoContext) {
  const { store } = ctx
  const user = (request: FastifyRequest, name = 'id') => {
    const id = idParam(request, name)
    const found = store.users.get(id)
    if (!found) throw new DemoError(404, 'CODE_USER_WORKER_NOT_EXISTS', `no user with id ${id}`)
    return found
  }

  route(app, ctx, endpoints.usersList, (request, reply) => {
    const page = paginate(ctx, store.users.all(), pageOf(request.query))
    return success(
      ctx,
      reply,
      page.data.map((u) => presentUser(store, u)),
      page.pagination
    )
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
    const page = paginate(ctx, items, pageOf(query))
    return success(
      ctx,
      reply,
      page.data.map((u) => presentUser(store, u)),
      page.pagination
    )
  })

  route(app, ctx, endpoints.userFetch, (request, reply) => success(ctx, reply, presentUser(store, user(request))))

  route(app, ctx, endpoints.userAssignNfc, async (request, reply) => {
    const found = user(request)
    const body = parse(tokenBody, request.body)
    await assignCard(store, { type: 'USER', id: found.id }, body.token, body.force_add === true)
    return success(ctx, reply)
  })

  route(app, ctx, endpoints.userUnassignNfc, async (request, reply) => {
    const found = user(request)
    await unassignCard(store, found.id, parse(tokenBody, request.body).token)
    return success(ctx, reply)
  })

  route(app, ctx, endpoints.userAssignPin, async (request, reply) => {
    const found = user(request)
    found.pin_hash = checkPin(store, found.id, parse(pinBody, request.body).pin_code)
    await store.save('users')
    return success(ctx, reply)
  })

  route(app, ctx, endpoints.userUnassignPin, async (request, reply) => {
    user(request).pin_hash = null
    await store.save('users')
    return success(ctx, reply)
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
