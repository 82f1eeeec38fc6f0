import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemo, type Demo } from './support'

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

describe('demo console: visitors and their credentials', () => {
  let demo: Demo
  let door: { id: string; name: string }
  let group: { id: string; name: string }
  const start = 1_767_254_400
  const valid = () => ({
    first_name: 'Mia',
    last_name: 'Ortiz',
    visit_reason: 'Business',
    start_time: start,
    end_time: start + 43_199,
    resources: [
      { id: door.id, type: 'door' },
      { id: group.id, type: 'door_group' }
    ],
    week_schedule: {
      sunday: [],
      monday: [{ start_time: '09:00:00', end_time: '17:00:59' }],
      tuesday: [],
      wednesday: [],
      thursday: [],
      friday: [],
      saturday: []
    }
  })
  beforeAll(async () => {
    demo = await startDemo()
    door = (await demo.api('GET', '/doors')).body.data[0]
    group = (await demo.api('GET', '/door_groups')).body.data[0]
  })
  afterAll(() => demo.stop())

  const create = (body: unknown) => demo.api('POST', '/visitors', { body })

  it('validates the body as the official reference requires, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: undefined }, 'first_name'],
      [{ last_name: '  ' }, 'last_name'],
      [{ start_time: undefined }, 'start_time'],
      [{ end_time: 'tomorrow' }, 'end_time'],
      [{ visit_reason: 'Interviemw' }, 'visit_reason'],
      [{ visit_reason: undefined }, 'visit_reason'],
      [{ end_time: start - 1 }, 'end_time'],
      [{ resources: [{ id: door.id, type: 'room' }] }, 'resources.0.type'],
      [{ resources: [{ id: 'no-such-door', type: 'door' }] }, 'resources.0.id'],
      [{ resources: [{ id: door.id, type: 'door_group' }] }, 'resources.0.id'],
      [
        { week_schedule: { monday: [{ start_time: '9:00', end_time: '17:00:00' }] } },
        'week_schedule.monday.0.start_time'
      ],
      [
        { week_schedule: { monday: [{ start_time: '18:00:00', end_time: '17:00:00' }] } },
        'week_schedule.monday.0.end_time'
      ],
      [{ week_schedule: { someday: [] } }, 'week_schedule']
    ]
    for (const [patch, field] of cases) {
      const answer = await create({ ...valid(), ...patch })
      expect([answer.status, answer.body.code], field).toEqual([400, 'CODE_PARAMS_INVALID'])
      expect(answer.body.msg.startsWith(field), `${field}: ${answer.body.msg}`).toBe(true)
    }
  })

  it('answers as the samples: status name, `weekly`, pin_code null, chosen doors in an auto group', async () => {
    const answer = await create(valid())
    expect(answer.body.code).toBe('SUCCESS')
    const v = answer.body.data
    expect(v).toMatchObject({
      first_name: 'Mia',
      last_name: 'Ortiz',
      pin_code: null,
      nfc_cards: [],
      schedule_id: v.schedule.id
    })
    expect(['ACTIVE', 'UPCOMING']).toContain(v.status)
    expect(v.schedule).toMatchObject({ type: 'access', is_default: false })
    expect(v.schedule.weekly.monday).toEqual([{ start_time: '09:00:00', end_time: '17:00:59' }])
    expect(v.schedule.weekly.sunday).toEqual([])
    expect(v.resources).toHaveLength(2)
    expect(v.resources.every((r: { type: string }) => r.type === 'door_group')).toBe(true)
    expect(v.resources[0]).toMatchObject({ id: group.id, name: group.name })
    expect(v.resources[1].name).toMatch(/^visitor-\d{13}$/)
    // The auto group is not a custom group of the site.
    const groups = (await demo.api('GET', '/door_groups')).body.data
    expect(groups.some((g: { id: string }) => g.id === v.resources[1].id)).toBe(false)

    await demo.control('PUT', '/variants', { scheduleKey: 'week_schedule' })
    try {
      const fetched = (await demo.api('GET', `/visitors/${v.id}`)).body.data
      expect(fetched.schedule.week_schedule.monday).toHaveLength(1)
      expect(fetched.schedule.weekly).toBeUndefined()
    } finally {
      await demo.control('PUT', '/variants', { scheduleKey: 'weekly' })
    }
  })

  it('updates partially and refuses a window that ends before it starts', async () => {
    const v = (await create(valid())).body.data
    const updated = await demo.api('PUT', `/visitors/${v.id}`, { body: { remarks: 'Parking B2', week_schedule: null } })
    expect(updated.body.data).toMatchObject({ first_name: 'Mia', remarks: 'Parking B2', schedule: { weekly: null } })
    const bad = await demo.api('PUT', `/visitors/${v.id}`, { body: { end_time: start - 10 } })
    expect(bad.body).toMatchObject({ code: 'CODE_PARAMS_INVALID' })
    expect(bad.body.msg).toMatch(/^end_time/)
  })

  it('lists with keyword (prefix, status ignored) and the integer status filter', async () => {
    await create({ ...valid(), first_name: 'Zebedee', last_name: 'Quartermain' })
    const byKeyword = await demo.api('GET', '/visitors', { query: { keyword: 'zeb', status: 4 } })
    expect(byKeyword.body.data.map((v: { first_name: string }) => v.first_name)).toEqual(['Zebedee'])
    expect((await demo.api('GET', '/visitors', { query: { keyword: 'quarter' } })).body.data).toHaveLength(1)
    expect((await demo.api('GET', '/visitors', { query: { keyword: 'ebedee' } })).body.data).toHaveLength(0)
    const cancelled = await demo.api('GET', '/visitors', { query: { status: 4 } })
    expect(cancelled.body.data.length).toBeGreaterThan(0)
    expect(cancelled.body.data.every((v: { status: string }) => v.status === 'CANCELLED')).toBe(true)
    const paged = await demo.api('GET', '/visitors', { query: { page_num: 1, page_size: 3 } })
    expect(paged.body.data).toHaveLength(3)
    expect(paged.body.pagination.total).toBeGreaterThanOrEqual(12)
  })

  it('cancels without is_force and deletes with it', async () => {
    const v = (await create(valid())).body.data
    const soft = await demo.api('DELETE', `/visitors/${v.id}`)
    expect(soft.body).toEqual({ code: 'SUCCESS', msg: 'success', data: null })
    expect((await demo.api('GET', `/visitors/${v.id}`)).body.data.status).toBe('CANCELLED')
    await demo.api('DELETE', `/visitors/${v.id}`, { query: { is_force: 'true' } })
    expect((await demo.api('GET', `/visitors/${v.id}`)).status).toBe(404)
  })

  it('stores only a hash of the PIN and refuses a PIN already in use', async () => {
    const v = (await create(valid())).body.data
    const other = (await create(valid())).body.data
    const pin = (await demo.api('POST', '/credentials/pin_codes')).body.data as string
    const assigned = await demo.api('PUT', `/visitors/${v.id}/pin_codes`, { body: { pin_code: pin } })
    expect(assigned.body).toEqual({ code: 'SUCCESS', msg: 'success' })
    const fetched = await demo.api('GET', `/visitors/${v.id}`)
    expect(fetched.body.data.pin_code.token).toMatch(/^[0-9a-f]{64}$/)
    expect(fetched.raw.toString()).not.toContain(pin)
    const clash = await demo.api('PUT', `/visitors/${other.id}/pin_codes`, { body: { pin_code: pin } })
    expect(clash.body.code).toBe('CODE_CREDS_PIN_CODE_CREDS_ALREADY_EXIST')
    expect((await demo.api('PUT', `/visitors/${other.id}/pin_codes`, { body: { pin_code: '12' } })).body.code).toBe(
      'CODE_CREDS_PIN_CODE_CREDS_LENGTH_INVALID'
    )
    await demo.api('DELETE', `/visitors/${v.id}/pin_codes`)
    expect((await demo.api('GET', `/visitors/${v.id}`)).body.data.pin_code).toBeNull()
  })

  it('binds NFC cards: unknown token refused, a card bound elsewhere needs force_add', async () => {
    const v = (await create(valid())).body.data
    const cards = (await demo.api('GET', '/credentials/nfc_cards/tokens', { query: { page_size: 1000 } })).body.data
    const taken = cards.find(
      (c: { user_type: string; status: string }) => c.user_type === 'USER' && c.status === 'assigned'
    )
    expect((await demo.api('PUT', `/visitors/${v.id}/nfc_cards`, { body: { token: 'f'.repeat(64) } })).status).toBe(404)
    const refused = await demo.api('PUT', `/visitors/${v.id}/nfc_cards`, { body: { token: taken.token } })
    expect(refused.body.code).toBe('CODE_CREDS_NFC_HAS_BIND_USER')
    const forced = await demo.api('PUT', `/visitors/${v.id}/nfc_cards`, {
      body: { token: taken.token, force_add: true }
    })
    expect(forced.body.code).toBe('SUCCESS')
    const card = (await demo.api('GET', `/credentials/nfc_cards/tokens/${taken.token}`)).body.data
    expect(card).toMatchObject({ user_id: v.id, user_type: 'VISITOR', status: 'assigned' })
    const user = (await demo.api('GET', `/users/${taken.user_id}`)).body.data
    expect(user.nfc_cards.some((c: { token: string }) => c.token === taken.token)).toBe(false)
    await demo.api('PUT', `/visitors/${v.id}/nfc_cards/delete`, { body: { token: taken.token } })
    expect((await demo.api('GET', `/visitors/${v.id}`)).body.data.nfc_cards).toEqual([])
    expect((await demo.api('GET', `/credentials/nfc_cards/tokens/${taken.token}`)).body.data.status).toBe('pending')
  })

  it('downloads a QR code PNG only after the QR code was assigned', async () => {
    const v = (await create(valid())).body.data
    const before = await demo.api('GET', `/credentials/qr_codes/download/${v.id}`)
    expect(before.status).toBe(404)
    expect(before.body.code).toBe('CODE_RESOURCE_NOT_FOUND')
    expect((await demo.api('PUT', `/visitors/${v.id}/qr_codes`)).body).toEqual({
      code: 'SUCCESS',
      msg: 'success',
      data: null
    })
    const png = await demo.api('GET', `/credentials/qr_codes/download/${v.id}`)
    expect(png.status).toBe(200)
    expect(png.headers['content-type']).toBe('image/png')
    expect(png.raw.subarray(0, 8).equals(PNG_MAGIC)).toBe(true)
    await demo.api('DELETE', `/visitors/${v.id}/qr_codes`)
    expect((await demo.api('GET', `/credentials/qr_codes/download/${v.id}`)).status).toBe(404)
  })
})

describe('demo console: doors chosen one by one, folded into an automatic group', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo.stop())

  it('answers §7.3 for the automatic group with its doors, and keeps them when the group is sent back', async () => {
    const doors: { id: string; name: string }[] = (await demo.api('GET', '/doors')).body.data
    const lobby = (await demo.api('GET', '/door_groups')).body.data.find((g: { name: string }) => g.name === 'Lobby')
    const server = doors.find((d) => d.name === 'Server Room')!
    const office = doors.find((d) => d.name === 'Office')!
    const created = await demo.api('POST', '/visitors', {
      body: {
        first_name: 'Rosa',
        last_name: 'Jensen',
        visit_reason: 'Business',
        start_time: 1_767_254_400,
        end_time: 1_767_297_599,
        resources: [
          { id: lobby.id, type: 'door_group' },
          { id: server.id, type: 'door' }
        ]
      }
    })
    expect(created.status).toBe(200)
    const auto = created.body.data.resources.find((r: { name: string }) => /^visitor-\d+$/.test(r.name))
    expect(auto).toMatchObject({ type: 'door_group' })

    const fetched = await demo.api('GET', `/door_groups/${auto.id}`)
    expect(fetched.status).toBe(200)
    expect(fetched.body.data.resources).toEqual([{ id: server.id, name: 'Server Room', type: 'door' }])
    expect((await demo.api('GET', '/door_groups/no-such-group')).status).toBe(404)

    // Sent back as the console answered it, plus one more door: the folded door stays granted.
    const updated = await demo.api('PUT', `/visitors/${created.body.data.id}`, {
      body: {
        resources: [
          { id: lobby.id, type: 'door_group' },
          { id: auto.id, type: 'door_group' },
          { id: office.id, type: 'door' }
        ]
      }
    })
    expect(updated.status).toBe(200)
    type Group = { id: string; door_ids: string[] }
    const groups: Group[] = (await demo.control('GET', '/state/site')).body.data.groups
    const visitor = (await demo.control('GET', '/state/visitors')).body.data.find(
      (v: { id: string }) => v.id === created.body.data.id
    )
    const granted = visitor.group_ids.flatMap((id: string) => groups.find((g) => g.id === id)?.door_ids ?? [])
    expect(visitor.group_ids).toContain(lobby.id)
    expect(granted).toEqual(expect.arrayContaining([server.id, office.id]))
    // The old automatic group is gone, replaced by one holding both doors.
    expect(groups.some((g) => g.id === auto.id)).toBe(false)
  })
})
