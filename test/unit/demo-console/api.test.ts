import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../../src/shared/access/endpoints'
import { startDemo, type Demo } from './support'

describe('demo console: tokens, versions, envelope and pagination', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo.stop())

  it('answers 401 without a valid token and 403 when the token lacks the permission key', async () => {
    const none = await demo.api('GET', '/credentials/nfc_cards/tokens', { token: 'not-a-token' })
    expect([none.status, none.body.code]).toEqual([401, 'CODE_ACCESS_TOKEN_INVALID'])
    const view = await demo.api('POST', '/credentials/touch_passes', { token: 'view', body: { count: 1 } })
    expect([view.status, view.body.code]).toEqual([403, 'CODE_UNAUTHORIZED'])
    expect((await demo.api('GET', '/users', { token: 'none' })).status).toBe(403)
    expect((await demo.api('GET', '/users', { token: 'view' })).status).toBe(200)
  })

  it('serves every endpoint of the registry (no route is missing)', async () => {
    for (const endpoint of Object.values(endpoints)) {
      const path = endpoint.path.replace(/:[a-z_]+/g, 'x')
      const answer = await demo.api(endpoint.method, path, { token: 'none' })
      expect(answer.status, `${endpoint.id} ${endpoint.method} ${endpoint.path}`).toBe(403)
    }
  })

  it('leaves endpoints newer than --version unregistered: a bare 404 like an older console', async () => {
    const old = await startDemo({ version: '3.2.10' })
    try {
      const touch = await old.api('GET', '/credentials/touch_passes')
      expect(touch.status).toBe(404)
      expect(touch.body?.code).toBeUndefined()
      expect((await old.api('GET', '/credentials/nfc_cards/tokens')).status).toBe(200)
      expect((await old.api('PUT', '/credentials/nfc_cards/tokens/x', { body: { alias: 'a' } })).body.code).toBe(
        'CODE_RESOURCE_NOT_FOUND'
      )
    } finally {
      await old.stop()
    }
  })

  it('pages with page_num/page_size from the total, and past the end answers an empty page', async () => {
    const first = await demo.api('GET', '/credentials/nfc_cards/tokens', { query: { page_num: 1, page_size: 50 } })
    expect(first.body).toMatchObject({
      code: 'SUCCESS',
      msg: 'success',
      pagination: { page_num: 1, page_size: 50, total: 120 }
    })
    expect(first.body.data).toHaveLength(50)
    const last = await demo.api('GET', '/credentials/nfc_cards/tokens', { query: { page_num: 3, page_size: 50 } })
    expect(last.body.data).toHaveLength(20)
    const past = await demo.api('GET', '/credentials/nfc_cards/tokens', { query: { page_num: 9, page_size: 50 } })
    expect([past.body.data.length, past.body.pagination.total]).toEqual([0, 120])
    const all = await demo.api('GET', '/credentials/nfc_cards/tokens', { query: { page_size: 1000 } })
    expect(new Set(all.body.data.map((c: { token: string }) => c.token)).size).toBe(120)
    expect(new Set(all.body.data.map((c: { status: string }) => c.status))).toEqual(
      new Set(['assigned', 'pending', 'disable', 'deleted', 'loss'])
    )
    for (const bad of [0, -1, 1001, 'x']) {
      expect((await demo.api('GET', '/users', { query: { page_size: bad } })).body.code).toBe('CODE_PARAMS_INVALID')
    }
  })

  it("reproduces the samples' `succ` and page_size echo when asked", async () => {
    await demo.control('PUT', '/variants', { successMsg: 'succ', pageSizeEcho: 'returned' })
    try {
      const answer = await demo.api('GET', '/credentials/touch_passes', { query: { page_size: 100 } })
      expect(answer.body.msg).toBe('succ')
      expect(answer.body.pagination).toEqual({ page_num: 1, page_size: 12, total: 12 })
    } finally {
      await demo.control('PUT', '/variants', { successMsg: 'success', pageSizeEcho: 'requested' })
    }
  })

  it('shapes devices as an array of arrays and the door topology as the facts doc shows', async () => {
    const devices = (await demo.api('GET', '/devices')).body.data
    expect(Array.isArray(devices[0])).toBe(true)
    const flat = devices.flat()
    expect(flat).toHaveLength(5)
    for (const d of flat) expect(d.id).toMatch(/^[0-9a-f]{12}$/)
    expect(flat.filter((d: { type: string }) => d.type === 'UAH')).toHaveLength(2)
    const readers = flat.filter((d: { capabilities: string[] }) => d.capabilities.includes('is_reader'))
    expect(readers.map((r: { is_online: boolean }) => r.is_online).sort()).toEqual([false, true, true])

    const topology = (await demo.api('GET', '/door_groups/topology')).body.data
    expect(topology[0]).toMatchObject({ type: 'building', name: 'All Doors' })
    expect(topology[0].resource_topologies[0].resources[0]).toMatchObject({ type: 'door', is_bind_hub: true })
    const groups = (await demo.api('GET', '/door_groups')).body.data
    expect(groups.every((g: { type: string }) => g.type === 'access')).toBe(true)
    const doors = (await demo.api('GET', '/doors')).body.data
    expect(doors[0].full_name).toMatch(/^Demo HQ - .+ - .+$/)
    const readerDoor = readers[0].location_id
    expect(doors.some((d: { id: string }) => d.id === readerDoor)).toBe(true)
  })

  it('control API needs the full token', async () => {
    expect((await demo.control('GET', '/state', undefined, 'view')).status).toBe(403)
    expect((await demo.control('GET', '/state', undefined, 'bogus')).status).toBe(401)
    const state = await demo.control('GET', '/state')
    expect(state.body.data).toMatchObject({ seed: 'demo', users: 30, visitors: 10, cards: 120, touchPasses: 12 })
  })
})
