import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { DemoContext } from '../context'
import { fail, ok } from '../envelope'
import { DemoError, invalid, notFound } from '../errors'
import { faultsSchema, variantsSchema } from '../runtime'
import { normaliseNfcId, presentCard } from '../state/enrollment'
import { parse } from './validate'
import { allPermissionKeys } from '../tokens'
import type { VisitorStatus } from '../state/schemas'

const tapBody = z.object({
  device_id: z.string().min(1),
  nfc_id: z.string().min(1),
  /** `too-short`: answers PROVISION_FAILED once; `invalid-card`: a card that is not a UA Card. */
  outcome: z.enum(['read', 'too-short', 'invalid-card']).optional()
})

const visitorTapBody = z.object({
  visitor_id: z.string().min(1),
  /** `in` (default): at a door, the visit starts; `out`: the visitor leaves. */
  direction: z.enum(['in', 'out']).optional()
})

const visitWindowBody = z
  .object({
    start_time: z.number().int().nonnegative().optional(),
    end_time: z.number().int().nonnegative().optional()
  })
  .refine((w) => w.start_time !== undefined || w.end_time !== undefined, { message: 'start_time or end_time' })

const userBody = z.object({
  first_name: z.string().min(1).max(100),
  last_name: z.string().max(100).default(''),
  email: z.string().max(200).default(''),
  employee_number: z.string().max(100).default(''),
  status: z.enum(['ACTIVE', 'PENDING', 'DEACTIVATED']).default('ACTIVE')
})

const scopesBody = z.object({
  token: z.enum(['full', 'view', 'none']),
  keys: z.array(z.enum(allPermissionKeys))
})

/**
 * The control API for tests and demos (not part of the Access API): simulated taps, faults,
 * live-console variants, provisioned cards and a state summary. Only the full token may use it.
 */
export function controlRoutes(app: FastifyInstance, ctx: DemoContext) {
  app.register(
    async (control) => {
      control.addHook('preHandler', async (request, reply) => {
        const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')
        if (!match || !ctx.scopes.has(match[1]!))
          return fail(reply, 401, 'CODE_ACCESS_TOKEN_INVALID', 'access token invalid')
        if (match[1] !== ctx.fullToken)
          return fail(reply, 403, 'CODE_UNAUTHORIZED', 'the control API needs the full token')
        return undefined
      })

      control.post('/taps', async (request, reply) => {
        const body = parse(tapBody, request.body)
        const device = ctx.store.site.device(body.device_id)
        if (!device) throw new DemoError(404, 'CODE_DEVICE_DEVICE_NOT_FOUND', `device ${body.device_id} not found`)
        if (!device.is_online)
          throw new DemoError(400, 'CODE_DEVICE_DEVICE_OFFLINE', `device ${device.name} is offline`)
        const nfcId = normaliseNfcId(body.nfc_id)
        if (!nfcId) throw invalid('nfc_id: hexadecimal expected')
        return ok(reply, await presentCard(ctx.store, ctx.sessions, device.id, nfcId, body.outcome ?? 'read'))
      })

      // A visitor taps a credential at a door (in) or on the way out: the console moves the visit
      // to VISITING or VISITED and pushes access.visitor.status.changed to the notifications socket.
      control.post('/visitor-taps', async (request, reply) => {
        const body = parse(visitorTapBody, request.body)
        const visitor = ctx.store.visitors.get(body.visitor_id)
        if (!visitor) throw new DemoError(404, 'CODE_RESOURCE_NOT_FOUND', `no visitor with id ${body.visitor_id}`)
        const previous = visitor.status
        const leaving = body.direction === 'out'
        const allowed: VisitorStatus[] = leaving ? ['VISITING'] : ['ACTIVE', 'VISITING']
        if (!allowed.includes(previous)) {
          throw new DemoError(
            400,
            'CODE_OPERATION_FORBIDDEN',
            `visitor ${visitor.id} is ${previous}: the credential is refused ${leaving ? 'on the way out' : 'at the door'}`
          )
        }
        visitor.status = leaving ? 'VISITED' : 'VISITING'
        await ctx.store.save('visitors')
        ctx.notifications.visitorStatusChanged(visitor, previous)
        return ok(reply, { id: visitor.id, status: visitor.status, previous_status: previous })
      })

      // Time passing on the console: a visit's window set as given, an end already past included, so a
      // test moves a visit's end into the past (a pass that ran out) without waiting for it. The status
      // stays as it is: the console moves a visit by time only later (facts: NO_VISIT "as the window passes").
      control.put('/visitors/:id/window', async (request, reply) => {
        const { id } = parse(z.object({ id: z.string().min(1) }), request.params)
        const body = parse(visitWindowBody, request.body)
        const visitor = ctx.store.visitors.get(id)
        if (!visitor) throw notFound(`no visitor with id ${id}`)
        const start = body.start_time ?? visitor.start_time
        const end = body.end_time ?? visitor.end_time
        if (end <= start) throw invalid('end_time: must be after start_time')
        visitor.start_time = start
        visitor.end_time = end
        await ctx.store.save('visitors')
        return ok(reply, { id, start_time: start, end_time: end })
      })

      // The permission keys of one of the three tokens, until the console restarts: tests take a key
      // away (view:device → no notifications socket) without a token the app does not know.
      control.put('/scopes', async (request, reply) => {
        const body = parse(scopesBody, request.body)
        ctx.scopes.set(ctx.tokens[body.token], new Set(body.keys))
        ctx.notifications.revalidate()
        return ok(reply, { token: body.token, keys: body.keys })
      })

      // A user as HR onboards them (tests need two people with the same name, a given employee number).
      control.post('/users', async (request, reply) => {
        const body = parse(userBody, request.body)
        const user = {
          id: ctx.store.ids.uuid(),
          first_name: body.first_name,
          last_name: body.last_name,
          alias: '',
          user_email: body.email,
          email_status: body.email ? 'VERIFIED' : '',
          phone: '',
          employee_number: body.employee_number,
          username: `${body.first_name}.${body.last_name}`.toLowerCase(),
          onboard_time: Math.floor(Date.now() / 1000),
          status: body.status,
          avatar: '',
          pin_hash: null,
          access_policy_ids: []
        }
        ctx.store.users.add(user)
        await ctx.store.save('users')
        return ok(reply, { id: user.id })
      })

      // A Touch Pass gone from the console as another desk or the UniFi portal removed it (the
      // developer API has no delete for passes): tests of a pass that disappears while a desk shows it.
      control.delete('/touch-passes/:id', async (request, reply) => {
        const { id } = parse(z.object({ id: z.string().min(1) }), request.params)
        if (!ctx.store.touchPasses.remove(id)) throw notFound(`no Touch Pass with id ${id}`)
        await ctx.store.save('touchPasses')
        return ok(reply, { id })
      })

      control.put('/faults', async (request, reply) => {
        ctx.runtime.setFaults(parse(faultsSchema, request.body))
        return ok(reply, ctx.runtime.faults)
      })
      control.delete('/faults', async (_request, reply) => {
        ctx.runtime.setFaults({})
        return ok(reply, {})
      })

      control.put('/variants', async (request, reply) => {
        Object.assign(ctx.runtime.variants, parse(variantsSchema, request.body))
        return ok(reply, ctx.runtime.variants)
      })

      control.post('/cards/provisioned', async (request, reply) => {
        const body = parse(z.object({ nfc_id: z.string().min(1) }), request.body)
        const nfcId = normaliseNfcId(body.nfc_id)
        if (!nfcId) throw invalid('nfc_id: hexadecimal expected')
        if (!ctx.store.meta.provisioned.includes(nfcId)) ctx.store.meta.provisioned.push(nfcId)
        await ctx.store.save('meta')
        return ok(reply, { nfc_id: nfcId })
      })

      // The stored records themselves, as the console holds them: whole-job tests assert what a
      // job left behind here rather than on the screen that made it.
      control.get('/state/:resource', async (request, reply) => {
        const { resource } = parse(
          z.object({ resource: z.enum(['users', 'visitors', 'cards', 'touchPasses', 'site']) }),
          request.params
        )
        const { store } = ctx
        const records = {
          users: () => store.users.all(),
          visitors: () => store.visitors.all(),
          cards: () => store.cards.all(),
          touchPasses: () => store.touchPasses.all(),
          site: () => store.site.record
        }[resource]()
        return ok(reply, records)
      })

      control.get('/state', async (_request, reply) => {
        const { store } = ctx
        return ok(reply, {
          version: ctx.version,
          seed: store.meta.seed,
          users: store.users.size,
          visitors: store.visitors.size,
          cards: store.cards.size,
          cardsByStatus: store.cards.countByStatus(),
          touchPasses: store.touchPasses.size,
          touchPassesByStatus: store.touchPasses.countByStatus(),
          devices: store.site.record.devices.length,
          readers: store.site.record.devices
            .filter((d) => d.capabilities.includes('is_reader'))
            .map((d) => ({ id: d.id, name: d.name, online: d.is_online })),
          doors: store.site.record.doors.length,
          doorGroups: store.site.record.groups.filter((g) => !g.hidden).length,
          sessions: ctx.sessions.active,
          notificationSockets: ctx.notifications.count,
          provisioned: store.meta.provisioned.length,
          variants: ctx.runtime.variants,
          faults: ctx.runtime.faults
        })
      })
    },
    { prefix: '/__demo' }
  )
}
