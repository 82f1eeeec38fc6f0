import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints } from '../../shared/access/endpoints'
import type { DemoContext } from '../context'
import { success } from '../envelope'
import { invalid, notFound } from '../errors'
import { presentVisitor } from '../present'
import { visitorStatusCodes, weekdays, type VisitorRecord, type WeekSchedule } from '../state/schemas'
import type { DemoStore } from '../state/store'
import { createVisitorBody, updateVisitorBody, type UpdateVisitorBody } from './visitor-body'
import { answerPage } from './paging'
import { idParam, parse } from './validate'
import { route } from './define'
import { ownerCredentialRoutes } from './owner-credentials'

/** Visitors (E17, E18, §4.3–§4.12). */
export function visitorRoutes(app: FastifyInstance, ctx: DemoContext) {
  const { store } = ctx
  const visitor = (request: FastifyRequest) => {
    const id = idParam(request)
    const found = store.visitors.get(id)
    if (!found) throw notFound(`no visitor with id ${id}`)
    return found
  }
  const answer = (v: VisitorRecord) => presentVisitor(store, v, ctx.runtime.variants)

  route(app, ctx, endpoints.E17, async (request, reply) => {
    const body = parse(createVisitorBody, request.body)
    const now = Date.now()
    const created: VisitorRecord = {
      id: store.ids.uuid(),
      first_name: body.first_name,
      last_name: body.last_name,
      status: 'ACTIVE',
      inviter_id: '',
      inviter_name: '',
      mobile_phone: body.mobile_phone ?? '',
      remarks: body.remarks ?? '',
      email: body.email ?? '',
      visitor_company: body.visitor_company ?? '',
      visit_reason: body.visit_reason,
      start_time: body.start_time,
      end_time: body.end_time,
      pin_hash: null,
      schedule: { id: store.ids.uuid(), name: `schedule-${now}`, week: fullWeek(body.week_schedule) },
      group_ids: [],
      qr: null
    }
    checkWindow(created.start_time, created.end_time)
    applyResources(store, created, body.resources ?? [], now)
    created.status = created.start_time * 1000 > now ? 'UPCOMING' : 'ACTIVE'
    store.visitors.add(created)
    await store.save('visitors', 'site')
    return success(ctx, reply, answer(created))
  })

  // Partial: omitted fields keep their value; resources and week_schedule replace when given;
  // status cannot be changed here (facts E18).
  route(app, ctx, endpoints.E18, async (request, reply) => {
    const found = visitor(request)
    const body: UpdateVisitorBody = parse(updateVisitorBody, request.body)
    checkWindow(body.start_time ?? found.start_time, body.end_time ?? found.end_time)
    if (body.resources) applyResources(store, found, body.resources, Date.now())
    const strings = [
      'first_name',
      'last_name',
      'remarks',
      'mobile_phone',
      'email',
      'visitor_company',
      'visit_reason'
    ] as const
    for (const key of strings) if (body[key] !== undefined) found[key] = body[key]
    if (body.start_time !== undefined) found.start_time = body.start_time
    if (body.end_time !== undefined) found.end_time = body.end_time
    if (body.week_schedule !== undefined) found.schedule.week = fullWeek(body.week_schedule)
    await store.save('visitors', 'site')
    return success(ctx, reply, answer(found))
  })

  route(app, ctx, endpoints.visitorFetch, (request, reply) => success(ctx, reply, answer(visitor(request))))

  // keyword: prefix of first or last name, and then status is ignored (facts 3.9); status: the integer code.
  route(app, ctx, endpoints.visitorsList, (request, reply) => {
    const query = request.query as Record<string, unknown>
    const keyword = String(query.keyword ?? '')
      .trim()
      .toLowerCase()
    let status: number | undefined
    if (query.status !== undefined && query.status !== '') {
      status = Number(query.status)
      if (!Object.values(visitorStatusCodes).includes(status as 1)) throw invalid('status: one of 1–6 expected')
    }
    const items = store.visitors.all().filter((v) => {
      if (keyword)
        return v.first_name.toLowerCase().startsWith(keyword) || v.last_name.toLowerCase().startsWith(keyword)
      return status === undefined || visitorStatusCodes[v.status] === status
    })
    return answerPage(ctx, reply, items, query, answer)
  })

  route(app, ctx, endpoints.visitorDelete, async (request, reply) => {
    const found = visitor(request)
    const force = String((request.query as Record<string, unknown>).is_force ?? '') === 'true'
    if (force) {
      store.cards.releaseOwner(found.id)
      for (const id of found.group_ids) if (store.site.group(id)?.hidden) store.site.removeGroup(id)
      store.visitors.remove(found.id)
      await store.save('visitors', 'cards', 'site')
    } else {
      const previous = found.status
      found.status = 'CANCELLED'
      await store.save('visitors')
      ctx.notifications.visitorStatusChanged(found, previous)
    }
    return success(ctx, reply, null)
  })

  ownerCredentialRoutes(app, ctx, {
    type: 'VISITOR',
    find: (request) => visitor(request),
    file: 'visitors',
    paths: {
      assignNfc: endpoints.visitorAssignNfc,
      unassignNfc: endpoints.visitorUnassignNfc,
      assignPin: endpoints.visitorAssignPin,
      unassignPin: endpoints.visitorUnassignPin
    }
  })

  // Assigning again keeps the code already issued (a badge printed earlier stays valid).
  route(app, ctx, endpoints.visitorAssignQr, async (request, reply) => {
    const found = visitor(request)
    found.qr ??= store.ids.hex(32)
    await store.save('visitors')
    return success(ctx, reply, null)
  })

  route(app, ctx, endpoints.visitorUnassignQr, async (request, reply) => {
    visitor(request).qr = null
    await store.save('visitors')
    return success(ctx, reply, null)
  })
}

function checkWindow(start: number, end: number) {
  if (end <= start) throw invalid('end_time: must be after start_time')
}

function fullWeek(week: Partial<WeekSchedule> | null | undefined): WeekSchedule | null {
  if (!week) return null
  return Object.fromEntries(weekdays.map((d) => [d, week[d] ?? []])) as WeekSchedule
}

/**
 * Door groups are kept as they are; doors chosen one by one go into an auto-created group named
 * `visitor-<epoch ms>` that replaces the visitor's previous one (as the §4.2/§4.5 samples show).
 * The visitor's own automatic group may be sent back as a door group: its doors are kept.
 */
function applyResources(
  store: DemoStore,
  visitor: VisitorRecord,
  resources: { id: string; type: 'door' | 'door_group' }[],
  now: number
) {
  const groupIds: string[] = []
  const doorIds: string[] = []
  resources.forEach((r, i) => {
    if (r.type === 'door_group') {
      const group = store.site.group(r.id)
      // The visitor's own automatic group, sent back as the console answered it: its doors stay.
      if (group?.hidden && visitor.group_ids.includes(r.id)) {
        for (const id of group.door_ids) if (!doorIds.includes(id)) doorIds.push(id)
        return
      }
      if (!group || group.hidden) throw invalid(`resources.${i}.id: no door group ${r.id}`)
      if (!groupIds.includes(r.id)) groupIds.push(r.id)
    } else {
      if (!store.site.door(r.id)) throw invalid(`resources.${i}.id: no door ${r.id}`)
      if (!doorIds.includes(r.id)) doorIds.push(r.id)
    }
  })
  for (const id of visitor.group_ids) if (store.site.group(id)?.hidden) store.site.removeGroup(id)
  if (doorIds.length > 0) {
    const auto = {
      id: store.ids.uuid(),
      name: `visitor-${now}`,
      type: 'access' as const,
      door_ids: doorIds,
      hidden: true
    }
    store.site.addGroup(auto)
    groupIds.push(auto.id)
  }
  visitor.group_ids = groupIds
}
