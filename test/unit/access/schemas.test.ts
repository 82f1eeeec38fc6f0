import { describe, expect, it } from 'vitest'
import { pollDataSchema } from '../../../src/shared/access/sessions'
import { visitorSchema, visitorCreateSchema, visitorUpdateSchema } from '../../../src/shared/access/visitors'
import { userSchema } from '../../../src/shared/access/users'
import { touchPassOneOrManySchema } from '../../../src/shared/access/touch-passes'
import { doorSchema, doorGroupTopologyAnswerSchema, doorGroupTopologySchema } from '../../../src/shared/access/doors'
import { deviceGroupsSchema, deviceSchema, flattenDevices } from '../../../src/shared/access/devices'
import { z } from 'zod'
import { nfcCardSchema } from '../../../src/shared/access/nfc-cards'

const hex64 = 'a'.repeat(64)
const week = {
  sunday: [],
  monday: [{ start_time: '09:00:00', end_time: '17:00:59' }],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: []
}

describe('resource schemas: live shapes and strictness', () => {
  it('reads the poll result from card_id or id, and refuses neither', () => {
    expect(pollDataSchema.parse({ token: hex64, card_id: '014A3151' })).toEqual({ token: hex64, cardId: '014A3151' })
    expect(pollDataSchema.parse({ token: hex64, id: '4F1C22A9' })).toEqual({ token: hex64, cardId: '4F1C22A9' })
    expect(pollDataSchema.safeParse({ token: hex64 }).success).toBe(false)
  })

  it('normalises the visitor schedule key (weekly or week_schedule) and status names or codes', () => {
    const base = { id: 'v1', first_name: 'Mia', last_name: 'Ortiz', pin_code: null }
    const a = visitorSchema.parse({ ...base, status: 'ACTIVE', schedule: { id: 's', weekly: week } })
    const b = visitorSchema.parse({ ...base, status: 4, schedule: { id: 's', week_schedule: week } })
    const c = visitorSchema.parse({ ...base, status: 'CANCELED', schedule: { id: 's', weekly: null }, extra: 1 })
    expect(a.schedule?.week_schedule?.monday).toHaveLength(1)
    expect(b.schedule?.week_schedule).toEqual(a.schedule?.week_schedule)
    expect(b.status).toBe('CANCELLED')
    expect(c.status).toBe('CANCELLED')
    expect(c.schedule?.week_schedule).toBeNull()
    expect(a.pin_code).toBeNull()
    expect('extra' in c).toBe(false)
    expect(visitorSchema.safeParse({ ...base, status: 'GONE' }).success).toBe(false)
  })

  it('checks visitor bodies before they leave', () => {
    const body = { first_name: 'Mia', last_name: 'Ortiz', visit_reason: 'Business', start_time: 100, end_time: 200 }
    expect(visitorCreateSchema.safeParse(body).success).toBe(true)
    expect(visitorCreateSchema.safeParse({ ...body, end_time: 50 }).success).toBe(false)
    expect(visitorCreateSchema.safeParse({ ...body, visit_reason: 'Interviemw' }).success).toBe(false)
    expect(visitorUpdateSchema.safeParse({ remarks: 'x' }).success).toBe(true)
  })

  it('reads a user touch_pass as an object or an array, and a null pin_code', () => {
    const pass = { id: 'p1', card_id: '1A2B-3C4D-5E6F-7A8B', status: 'ACTIVE', bundles: [] }
    expect(userSchema.parse({ id: 'u1', touch_pass: pass, pin_code: null }).touch_pass?.id).toBe('p1')
    expect(userSchema.parse({ id: 'u1', touch_pass: [pass] }).touch_pass?.id).toBe('p1')
    expect(userSchema.parse({ id: 'u1' }).touch_pass).toBeNull()
    expect(userSchema.parse({ id: 'u1' }).pin_code).toBeNull()
    expect(touchPassOneOrManySchema.parse({ ...pass, status: 'INACTIVE' })).toHaveLength(1)
  })

  it('reads door_position_status null, "" or a value, and is_bind_hub as a string', () => {
    const door = { id: 'd1', name: 'Front', is_bind_hub: 'true' }
    expect(doorSchema.parse({ ...door, door_position_status: null }).door_position_status).toBeNull()
    expect(doorSchema.parse({ ...door, door_position_status: '' }).door_position_status).toBeNull()
    expect(doorSchema.parse({ ...door, door_position_status: 'open' }).door_position_status).toBe('open')
    expect(doorSchema.parse(door).is_bind_hub).toBe(true)
    expect(doorSchema.safeParse({ ...door, door_position_status: 'ajar' }).success).toBe(false)
    const topo = doorGroupTopologyAnswerSchema.parse({
      id: 'g',
      name: 'All Doors',
      type: 'building',
      resource_topologies: [
        {
          id: 'f',
          name: 'Ground',
          type: 'floor',
          resources: [{ id: 'd1', name: 'Front', type: 'door', is_bind_hub: true }]
        }
      ]
    })
    expect(topo.floors[0]?.doors[0]).toEqual({ id: 'd1', name: 'Front', isBindHub: true })
  })

  it('flattens devices, keeps each once, and tells readers by capabilities then by type', () => {
    const groups = deviceGroupsSchema.parse([
      [
        { id: 'hub1', name: 'UA-HUB', type: 'UAH', alias: 'Ground' },
        { id: 'r1', name: 'UA-G2-PRO-1', type: 'UA-G2-PRO', alias: 'Ground' },
        // capabilities beat the type
        { id: 'r2', name: 'odd', type: 'UAH', capabilities: ['is_reader', 'nfc'], is_online: false },
        { id: 'h2', name: 'hub-ish', type: 'UA-G2-PRO', capabilities: ['is_hub'] }
      ],
      [{ id: 'r1', name: 'UA-G2-PRO-1', type: 'UA-G2-PRO', alias: 'Ground' }],
      { id: 'r3', name: 'UA-G3', type: 'UA-G3', capabilities: ['identity_is_reader'], location_id: 'door-1' }
    ])
    const devices = flattenDevices(groups)
    expect(devices.map((d) => d.id)).toEqual(['hub1', 'r1', 'r2', 'h2', 'r3'])
    expect(devices.filter((d) => d.isReader).map((d) => d.id)).toEqual(['r1', 'r2', 'r3'])
    expect(devices.find((d) => d.id === 'r2')?.online).toBe(false)
    expect(devices.find((d) => d.id === 'r1')?.online).toBe(true)
    expect(devices.find((d) => d.id === 'r3')?.doorId).toBe('door-1')
  })

  it('what a schema outputs parses again to the same value (the IPC contract re-uses these schemas)', () => {
    const pass = { id: 'p1', card_id: '1A2B', status: 'ACTIVE', bundles: [] }
    const cases: [z.ZodType, unknown][] = [
      [nfcCardSchema, { token: hex64, display_id: '1', status: 'pending' }],
      [userSchema, { id: 'u1', touch_pass: [pass], pin_code: null }],
      [visitorSchema, { id: 'v1', status: 4, schedule: { id: 's', weekly: week } }],
      [doorSchema, { id: 'd1', is_bind_hub: 'true', door_position_status: '' }]
    ]
    for (const [schema, raw] of cases) {
      const once = schema.parse(raw)
      expect(schema.parse(once)).toEqual(once)
    }
    const topo = doorGroupTopologyAnswerSchema.parse({
      id: 'g',
      type: 'access',
      resource_topologies: [{ id: 'f', resources: [{ id: 'd', is_bind_hub: true }] }]
    })
    expect(doorGroupTopologySchema.parse(topo)).toEqual(topo)
    const devices = flattenDevices(deviceGroupsSchema.parse([[{ id: 'r', type: 'UA-G3' }]]))
    expect(z.array(deviceSchema).parse(devices)).toEqual(devices)
  })

  it('is strict on the card fields it uses', () => {
    const card = {
      token: hex64,
      display_id: '100005',
      status: 'assigned',
      alias: '',
      user_type: 'USER',
      user: { id: 'u' }
    }
    expect(nfcCardSchema.parse(card).status).toBe('assigned')
    expect(nfcCardSchema.safeParse({ ...card, status: 'lost' }).success).toBe(false)
    expect(nfcCardSchema.safeParse({ ...card, token: undefined }).success).toBe(false)
  })
})
