import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccessClient } from '../../../src/main/services/access/client'
import { failure, startDemo, type Demo } from './support'

describe('users, doors and door groups against the demo console', () => {
  let demo: Demo
  let client: AccessClient
  beforeAll(async () => {
    demo = await startDemo()
    client = demo.client()
  })
  afterAll(async () => {
    await demo?.stop()
  })

  it('lists, pages through, searches and fetches users', async () => {
    const page = await client.users.list({ page: 1, pageSize: 10 })
    expect(page.items).toHaveLength(10)
    const all = await client.users.all({ pageSize: 7 })
    expect(all).toHaveLength(page.total)
    const ada = all.find((u) => u.first_name === 'Ada')!
    const found = await client.users.search('Ada')
    expect(found.map((u) => u.id)).toContain(ada.id)
    expect(
      found.every((u) => `${u.first_name} ${u.last_name} ${u.user_email ?? ''}`.toLowerCase().includes('ada'))
    ).toBe(true)
    expect((await client.users.get(ada.id)).id).toBe(ada.id)
    expect(await failure(client.users.get('00000000-0000-4000-8000-000000000000'))).toMatchObject({ kind: 'not-found' })
  })

  it('assigns and unassigns a card (take-over needs force) and a PIN to a user', async () => {
    const [a, b] = (await client.users.list({ page: 1, pageSize: 5 })).items
    const [record] = await client.nfcCards.importCsv('04EE00112233,user-card\n')
    const token = record!.token
    await client.users.assignNfc(a!.id, token)
    expect((await client.users.get(a!.id)).nfc_cards.map((c) => c.token)).toContain(token)
    const taken = await failure(client.users.assignNfc(b!.id, token))
    expect(taken).toMatchObject({ kind: 'conflict', code: 'CODE_CREDS_NFC_HAS_BIND_USER' })
    await client.users.assignNfc(b!.id, token, { force: true })
    expect((await client.users.get(b!.id)).nfc_cards.map((c) => c.token)).toContain(token)
    expect((await client.users.get(a!.id)).nfc_cards.map((c) => c.token)).not.toContain(token)
    await client.users.unassignNfc(b!.id, token)
    expect((await client.users.get(b!.id)).nfc_cards.map((c) => c.token)).not.toContain(token)

    const pin = await client.pinCodes.generate()
    await client.users.assignPin(a!.id, pin)
    const withPin = await client.users.get(a!.id)
    expect(withPin.pin_code?.token).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(withPin)).not.toContain(pin) // never the plaintext back
    await client.users.unassignPin(a!.id)
    expect((await client.users.get(a!.id)).pin_code).toBeNull()
  })

  it('assigning needs edit:user, not edit:credential', async () => {
    const [user] = (await client.users.list({ page: 1, pageSize: 1 })).items
    const err = await failure(demo.client('view').users.assignPin(user!.id, '12345678'))
    expect(err).toMatchObject({ kind: 'permission', details: { permission: 'edit:user' } })
  })

  it('reads the door topology, doors and custom groups', async () => {
    const topology = await client.doors.topology()
    const building = topology.find((g) => g.type === 'building')!
    expect(building.floors.length).toBeGreaterThan(0)
    const doorIds = building.floors.flatMap((f) => f.doors.map((d) => d.id))
    const doors = await client.doors.list()
    expect(doors.map((d) => d.id).sort()).toEqual([...new Set(doorIds)].sort())
    expect(
      doors.every((d) => d.door_position_status === null || ['open', 'close'].includes(d.door_position_status))
    ).toBe(true)
    const groups = await client.doors.groups()
    expect(groups.every((g) => g.type !== 'building')).toBe(true)
    expect(groups.every((g) => topology.some((t) => t.id === g.id))).toBe(true)
    expect(await failure(demo.client('none').doors.list())).toMatchObject({
      kind: 'permission',
      details: { permission: 'view:space' }
    })
  })
})
