import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccessClient } from '../../../src/main/services/access/client'
import {
  dayVisitorSchema,
  isAnyTime,
  matchesName,
  nameWords,
  visitorSchema,
  type VisitorCreate
} from '../../../src/shared/access/visitors'
import { visitorHandlers } from '../../../src/main/handlers/visitors'
import type { AppServices } from '../../../src/main/services/app-services'
import { VisitorService } from '../../../src/main/services/visitors/visitor-service'
import { unfoldVisitorDoors } from '../../../src/main/services/access/doors'
import { isPng } from '../../../src/main/services/access/qr-codes'
import { failure, startDemo, type Demo } from './support'
import { readWeek } from '../../../src/shared/today/day-schedule'

const hour = 3600
const officeHours = {
  sunday: [],
  monday: [{ start_time: '09:00:00', end_time: '17:00:59' }],
  tuesday: [{ start_time: '09:00:00', end_time: '17:00:59' }],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: []
}

describe('visitors (E17, E18, §4.3–§4.12) and QR download (E15) against the demo console', () => {
  let demo: Demo
  let client: AccessClient
  let body: VisitorCreate
  beforeAll(async () => {
    demo = await startDemo()
    client = demo.client()
    const topology = await client.doors.topology()
    const door = topology.flatMap((g) => g.floors.flatMap((f) => f.doors))[0]!
    const group = topology.find((g) => g.type === 'access') ?? topology[0]!
    const start = Math.floor(Date.now() / 1000) + hour
    body = {
      first_name: 'Mia',
      last_name: 'Ortiz',
      email: 'mia@example.com',
      visitor_company: 'Acme',
      visit_reason: 'Business',
      start_time: start,
      end_time: start + 8 * hour,
      resources: [
        { id: door.id, type: 'door' },
        { id: group.id, type: 'door_group' }
      ],
      week_schedule: officeHours
    }
  })
  afterAll(async () => {
    await demo?.stop()
  })

  it('creates, fetches, lists by keyword and status, and updates a visitor', async () => {
    const created = await client.visitors.create(body)
    expect(created).toMatchObject({ first_name: 'Mia', last_name: 'Ortiz' })
    expect(created.resources.length).toBeGreaterThan(0)
    expect(created.schedule?.week_schedule?.monday).toEqual(officeHours.monday)

    const fetched = await client.visitors.get(created.id)
    expect(fetched.id).toBe(created.id)

    const byName = await client.visitors.list({ keyword: 'Orti' })
    expect(byName.items.map((v) => v.id)).toContain(created.id)
    const upcoming = await client.visitors.list({ status: 'UPCOMING', pageSize: 100 })
    expect(upcoming.items.every((v) => v.status === 'UPCOMING')).toBe(true)
    const all = await client.visitors.all({ pageSize: 3 })
    expect(all.map((v) => v.id)).toContain(created.id)

    const updated = await client.visitors.update(created.id, {
      remarks: 'Parking space 4',
      visitor_company: 'Acme Ltd'
    })
    expect(updated).toMatchObject({
      id: created.id,
      remarks: 'Parking space 4',
      visitor_company: 'Acme Ltd',
      first_name: 'Mia'
    })
  })

  it('allOfTheDay reads every visitor with the fields of the day, as all() reads them, and nothing else', async () => {
    const expand = ['resource', 'nfc_card', 'pin_code'] as const
    const [whole, day] = await Promise.all([
      client.visitors.all({ expand: [...expand], pageSize: 4 }),
      client.visitors.allOfTheDay({ expand: [...expand], pageSize: 4 })
    ])
    expect(day.length).toBeGreaterThan(4)
    expect(day.map((v) => v.id)).toEqual(whole.map((v) => v.id))
    const fields = Object.keys(dayVisitorSchema.shape).sort()
    expect(fields).toEqual(
      [
        'id',
        'first_name',
        'last_name',
        'status',
        'inviter_name',
        'visitor_company',
        'start_time',
        'end_time',
        'nfc_cards',
        'pin_code',
        'resources',
        'schedule'
      ].sort()
    )
    whole.forEach((v, i) => {
      const picked = Object.fromEntries(Object.entries(v).filter(([k]) => fields.includes(k) && k !== 'schedule'))
      const { schedule, ...rest } = day[i]!
      expect(rest).toEqual(picked)
      // The schedule is kept as sent; Today's reader finds in it what visitorSchema does.
      const week = v.schedule?.week_schedule
      expect(readWeek(schedule)).toEqual(isAnyTime(week) ? null : week)
    })
    // A field of the day is checked as visitorSchema checks it; one it does not read is not.
    const raw = { id: 'v1', first_name: 'Mia', pin_code: null }
    expect(dayVisitorSchema.safeParse({ ...raw, start_time: 'nine' }).success).toBe(false)
    expect(dayVisitorSchema.safeParse({ ...raw, resources: [{ name: 'Lobby' }] }).success).toBe(false)
    expect(dayVisitorSchema.safeParse({ ...raw, email: 5, license_plates: 'none' }).success).toBe(true)
    expect(visitorSchema.safeParse({ ...raw, email: 5 }).success).toBe(false)
  })

  it('reads the schedule under either key (weekly / week_schedule)', async () => {
    const created = await client.visitors.create(body)
    for (const scheduleKey of ['week_schedule', 'weekly'] as const) {
      await demo.control('PUT', '/__demo/variants', { scheduleKey })
      const v = await client.visitors.get(created.id)
      expect(v.schedule?.week_schedule?.tuesday).toEqual(officeHours.tuesday)
    }
  })

  it('assigns and unassigns a PIN, a card and a QR code; downloads the QR as PNG', async () => {
    const v = await client.visitors.create({ ...body, first_name: 'Noor', week_schedule: undefined })
    const pin = await client.pinCodes.generate()
    await client.visitors.assignPin(v.id, pin)
    expect((await client.visitors.get(v.id)).pin_code?.token).toMatch(/^[0-9a-f]{64}$/)
    await client.visitors.unassignPin(v.id)
    expect((await client.visitors.get(v.id)).pin_code).toBeNull()

    const [record] = await client.nfcCards.importCsv('04EE00998877,visitor-card\n')
    await client.visitors.assignNfc(v.id, record!.token)
    expect((await client.visitors.get(v.id)).nfc_cards.map((c) => c.token)).toContain(record!.token)
    await client.visitors.unassignNfc(v.id, record!.token)
    expect((await client.visitors.get(v.id)).nfc_cards).toHaveLength(0)

    // Before a QR is assigned, the download is a JSON error, not an image (facts 6.4, 6.6).
    const early = await failure(client.qrCodes.download(v.id))
    expect(early.details?.endpoint).toBe('E15')
    expect(early.code).toMatch(/^CODE_/)
    await client.visitors.assignQr(v.id)
    const png = await client.qrCodes.download(v.id)
    expect(isPng(png)).toBe(true)
    expect(png.length).toBeGreaterThan(100)
    await client.visitors.unassignQr(v.id)
    expect((await failure(client.qrCodes.download(v.id))).details?.endpoint).toBe('E15')
  })

  it('cancels without force, deletes with it', async () => {
    const v = await client.visitors.create({ ...body, first_name: 'Omar' })
    await client.visitors.remove(v.id)
    expect((await client.visitors.get(v.id)).status).toBe('CANCELLED')
    await client.visitors.remove(v.id, { force: true })
    expect(await failure(client.visitors.get(v.id))).toMatchObject({ kind: 'not-found' })
  })

  it('validation: the client refuses a bad body before sending; the console refuses unknown resources', async () => {
    const local = await failure(client.visitors.create({ ...body, end_time: body.start_time - 1 }))
    expect(local).toMatchObject({ kind: 'validation', code: 'INVALID_INPUT', details: { field: 'end_time' } })
    const remote = await failure(
      client.visitors.create({ ...body, resources: [{ id: '00000000-0000-4000-8000-000000000000', type: 'door' }] })
    )
    expect(['validation', 'not-found']).toContain(remote.kind)
    expect(remote.details?.endpoint).toBe('E17')
  })

  it('unknown visitor, missing edit:visitor', async () => {
    const nobody = '00000000-0000-4000-8000-000000000000'
    expect(await failure(client.visitors.get(nobody))).toMatchObject({ kind: 'not-found' })
    expect(await failure(client.visitors.assignQr(nobody))).toMatchObject({ kind: 'not-found' })
    expect(await failure(demo.client('view').visitors.create(body))).toMatchObject({
      kind: 'permission',
      details: { permission: 'edit:visitor', endpoint: 'E17' }
    })
  })
})

describe('a visitor’s doors and name search, as the desk uses them (handlers against the demo console)', () => {
  let demo: Demo
  let client: AccessClient
  let handlers: ReturnType<typeof visitorHandlers>
  let lobby: string
  let server: string
  let office: string
  beforeAll(async () => {
    demo = await startDemo()
    client = demo.client()
    handlers = visitorHandlers({ visitors: new VisitorService(async () => client) } as unknown as AppServices)
    const topology = await client.doors.topology()
    lobby = topology.find((g) => g.name === 'Lobby')!.id
    const doors = topology.flatMap((g) => g.floors.flatMap((f) => f.doors))
    server = doors.find((d) => d.name === 'Server Room')!.id
    office = doors.find((d) => d.name === 'Office')!.id
  })
  afterAll(async () => {
    await demo?.stop()
  })

  const form = (first: string, last: string, resources: { id: string; type: 'door' | 'door_group' }[]) => {
    const start = Math.floor(Date.now() / 1000)
    return {
      first_name: first,
      last_name: last,
      visitor_company: '',
      mobile_phone: '',
      email: '',
      remarks: '',
      visit_reason: 'Business' as const,
      start_time: start,
      end_time: start + 8 * hour,
      week_schedule: null,
      resources
    }
  }

  it('shows the automatic group as the doors it holds, and an edit adding a door keeps every earlier one', async () => {
    const created = await handlers['visitors.create'](
      form('Rosa', 'Jensen', [
        { id: lobby, type: 'door_group' },
        { id: server, type: 'door' }
      ])
    )
    // The console answers a group named visitor-<ms> for Server Room; the desk sees the door.
    expect((await client.visitors.get(created.id)).resources.some((r) => /^visitor-\d+$/.test(r.name))).toBe(true)
    const opened = await handlers['visitors.get']({ id: created.id })
    expect(opened.resources.map((r) => `${r.type}:${r.id}`).sort()).toEqual(
      [`door_group:${lobby}`, `door:${server}`].sort()
    )

    // What the edit form sends: what it shows, plus Office.
    const sent = [...opened.resources.map((r) => ({ id: r.id, type: r.type as 'door' | 'door_group' }))]
    sent.push({ id: office, type: 'door' })
    const base = { resources: opened.resources.map(({ id, type }) => ({ id, type })) }
    const answer = await handlers['visitors.update']({ id: created.id, edit: { base, changes: { resources: sent } } })
    if (answer.outcome !== 'saved') throw new Error('unexpected conflict')
    const saved = answer.record
    expect(saved.resources.map((r) => `${r.type}:${r.id}`).sort()).toEqual(
      [`door_group:${lobby}`, `door:${server}`, `door:${office}`].sort()
    )
    // And on the console itself.
    type Group = { id: string; door_ids: string[] }
    type Record = { id: string; group_ids: string[] }
    const site = (await demo.control<{ data: { groups: Group[] } }>('GET', '/__demo/state/site')).body.data
    const stored = (await demo.control<{ data: Record[] }>('GET', '/__demo/state/visitors')).body.data
    const record = stored.find((v) => v.id === created.id)!
    const granted = record.group_ids.flatMap((id) => site.groups.find((g) => g.id === id)?.door_ids ?? [])
    expect(record.group_ids).toContain(lobby)
    expect(granted).toEqual(expect.arrayContaining([server, office]))
  })

  it('an edit that only adds a door keeps a one-time visit one-time (no schedule on the console)', async () => {
    const created = await handlers['visitors.create'](form('Ximena', 'Ruiz', [{ id: lobby, type: 'door_group' }]))
    // What the edit form sends when only a door was ticked: the doors, no week_schedule at all.
    const changes = {
      resources: [
        { id: lobby, type: 'door_group' as const },
        { id: office, type: 'door' as const }
      ]
    }
    const base = { resources: [{ id: lobby, type: 'door_group' }] }
    await handlers['visitors.update']({ id: created.id, edit: { base, changes } })
    type Record = { id: string; schedule: { week: unknown } }
    const stored = (await demo.control<{ data: Record[] }>('GET', '/__demo/state/visitors')).body.data
    expect(stored.find((v) => v.id === created.id)!.schedule.week).toBeNull()
    expect((await handlers['visitors.get']({ id: created.id })).schedule?.week_schedule).toBeNull()
  })

  it('qrState reads whether a visitor has a QR code without assigning one', async () => {
    const created = await handlers['visitors.create'](form('Quinn', 'Reyes', [{ id: lobby, type: 'door_group' }]))
    type Record = { id: string; qr: string | null }
    const storedQr = async () =>
      (await demo.control<{ data: Record[] }>('GET', '/__demo/state/visitors')).body.data.find(
        (v) => v.id === created.id
      )!.qr
    expect(await handlers['visitors.qrState']({ id: created.id })).toEqual({ assigned: false, pngBase64: null })
    expect(await storedQr()).toBeNull()
    await handlers['visitors.assignQr']({ id: created.id })
    const held = await handlers['visitors.qrState']({ id: created.id })
    expect(held.assigned).toBe(true)
    expect(isPng(Buffer.from(held.pngBase64!, 'base64'))).toBe(true)
    await expect(handlers['visitors.qrState']({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      kind: 'not-found'
    })
  })

  it('an automatic group that cannot be read is kept as the console named it', async () => {
    const resources = [{ id: 'gone', name: 'visitor-1767000000123', type: 'door_group' }]
    const unfolded = await unfoldVisitorDoors(
      {
        topology: () => client.doors.topology(),
        group: () => Promise.reject(new Error('no such group'))
      },
      resources
    )
    expect(unfolded).toEqual(resources)
  })

  it('finds a visitor by full name, either order, any case; one word stays a console prefix search', async () => {
    await handlers['visitors.create'](form('Ingrid', 'Solberg', [{ id: lobby, type: 'door_group' }]))
    await handlers['visitors.create'](form('Ingrid', 'Nakamura', [{ id: lobby, type: 'door_group' }]))
    for (const keyword of ['Ingrid Solberg', 'solberg ingrid', 'INGRID  SOL', 'ing sol']) {
      const found = await handlers['visitors.list']({ keyword, page: 1, pageSize: 25 })
      expect(
        found.items.map((v) => `${v.first_name} ${v.last_name}`),
        keyword
      ).toEqual(['Ingrid Solberg'])
      expect(found.total).toBe(1)
    }
    const nobody = await handlers['visitors.list']({ keyword: 'Ingrid Jensen', page: 1, pageSize: 25 })
    expect(nobody.items).toEqual([])
    const both = await handlers['visitors.list']({ keyword: 'Ingrid', page: 1, pageSize: 25 })
    expect(both.items.map((v) => v.last_name).sort()).toEqual(['Nakamura', 'Solberg'])
  })

  it('matchesName: every word starts the first or the last name, each name used once', () => {
    const rosa = { first_name: 'Rosa', last_name: 'Jensen' }
    expect(matchesName(rosa, nameWords('Rosa Jensen'))).toBe(true)
    expect(matchesName(rosa, nameWords(' jensen   ROSA '))).toBe(true)
    expect(matchesName(rosa, nameWords('Rosa Rosa'))).toBe(false)
    expect(matchesName(rosa, nameWords('Rosa Jensenn'))).toBe(false)
    expect(matchesName({ first_name: 'Jan', last_name: 'van Dijk' }, nameWords('jan van dijk'))).toBe(true)
  })
})
