import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemo, type Demo } from './support'

describe('demo console: Touch Passes and users', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo.stop())

  const list = (query: Record<string, string | number> = {}) =>
    demo.api('GET', '/credentials/touch_passes', { query: { page_size: 1000, ...query } })

  it('seeds every status, Apple and Google bundles, and filters the list by status', async () => {
    const all = (await list()).body.data
    expect(new Set(all.map((p: { status: string }) => p.status))).toEqual(
      new Set(['ACTIVE', 'PENDING', 'SUSPENDED', 'INACTIVE', 'EXPIRED'])
    )
    const sources = new Set(all.flatMap((p: { bundles: { source: string }[] }) => p.bundles.map((b) => b.source)))
    expect(sources).toEqual(new Set(['apple', 'google']))
    for (const p of all) expect(p.card_id).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/)
    const suspended = (await list({ status: 'SUSPENDED' })).body.data
    expect(suspended.length).toBeGreaterThan(0)
    expect(suspended.every((p: { status: string }) => p.status === 'SUSPENDED')).toBe(true)
    expect((await list({ status: 'LOST' })).body.code).toBe('CODE_PARAMS_INVALID')
    // The filter's enum has no EXPIRED (facts E9); the unfiltered list holds the expired passes.
    expect((await list({ status: 'EXPIRED' })).body.code).toBe('CODE_PARAMS_INVALID')
  })

  it('buys INACTIVE passes: one object per the spec, all of them with the array variant', async () => {
    const before = (await list()).body.pagination.total
    const one = await demo.api('POST', '/credentials/touch_passes', { body: { count: 3 } })
    expect(Array.isArray(one.body.data)).toBe(false)
    expect(one.body.data).toMatchObject({
      status: 'INACTIVE',
      card_name: '',
      bundles: [],
      user_id: '',
      user_status: ''
    })
    expect((await list()).body.pagination.total).toBe(before + 3)
    await demo.control('PUT', '/variants', { purchaseAnswer: 'array' })
    try {
      const many = await demo.api('POST', '/credentials/touch_passes', { body: { count: 2 } })
      expect(many.body.data).toHaveLength(2)
    } finally {
      await demo.control('PUT', '/variants', { purchaseAnswer: 'first' })
    }
    expect((await demo.api('POST', '/credentials/touch_passes', { body: { count: 0 } })).body.code).toBe(
      'CODE_PARAMS_INVALID'
    )
  })

  it('searches by part of the card id or the user name, case-insensitive', async () => {
    const assigned = (await list({ status: 'ACTIVE' })).body.data[0]
    const byCard = (
      await demo.api('GET', '/credentials/touch_passes/search', {
        query: { condition: assigned.card_id.slice(5, 9).toLowerCase() }
      })
    ).body.data
    expect(byCard.some((p: { id: string }) => p.id === assigned.id)).toBe(true)
    const byName = (
      await demo.api('GET', '/credentials/touch_passes/search', {
        query: { condition: assigned.user_name.toUpperCase() }
      })
    ).body
    expect(byName.pagination).toBeUndefined()
    expect(byName.data.map((p: { id: string }) => p.id)).toContain(assigned.id)
  })

  it('lists assignable passes (SUSPENDED or INACTIVE) with empty bundles', async () => {
    const assignable = (await demo.api('GET', '/credentials/touch_passes/assignable')).body.data
    expect(assignable.length).toBeGreaterThan(0)
    for (const p of assignable) {
      expect(['SUSPENDED', 'INACTIVE']).toContain(p.status)
      expect(p.bundles).toEqual([])
    }
  })

  it('updates name and status, and removes a bundle set to DISABLED', async () => {
    const pass = (await list({ status: 'ACTIVE' })).body.data.find(
      (p: { bundles: unknown[] }) => p.bundles.length === 2
    )
    const bundle = pass.bundles[0].bundle_id
    const updated = await demo.api('PUT', `/credentials/touch_passes/${pass.id}`, {
      body: {
        card_name: 'Lobby phone',
        status: 'SUSPENDED',
        bundles: [{ bundle_id: bundle, bundle_status: 'DISABLED' }]
      }
    })
    expect(updated.body.data).toMatchObject({
      card_name: 'Lobby phone',
      status: 'SUSPENDED',
      activated_at: {},
      expired_at: {}
    })
    expect(updated.body.data.bundles.map((b: { bundle_id: string }) => b.bundle_id)).not.toContain(bundle)
    expect(updated.body.data.bundles).toHaveLength(1)
    const detail = (await demo.api('GET', `/credentials/touch_passes/${pass.id}`)).body.data
    expect(detail.card_name).toBe('Lobby phone')
    const bad = await demo.api('PUT', `/credentials/touch_passes/${pass.id}`, { body: { status: 'PENDING' } })
    expect(bad.body.code).toBe('CODE_PARAMS_INVALID')
  })

  it('leaves last_activity alone on an update: a rename, a suspension or a removed device is not the pass’s activity', async () => {
    const pass = (await list({ status: 'ACTIVE' })).body.data.find((p: { bundles: unknown[] }) => p.bundles.length > 0)
    const url = `/credentials/touch_passes/${pass.id}`
    const renamed = await demo.api('PUT', url, { body: { card_name: 'Renamed by the desk' } })
    expect(renamed.body.data.last_activity).toBe(pass.last_activity)
    await demo.api('PUT', url, {
      body: { status: 'SUSPENDED', bundles: [{ bundle_id: pass.bundles[0].bundle_id, bundle_status: 'DISABLED' }] }
    })
    const stored: { id: string }[] = (await demo.control('GET', '/state/touchPasses')).body.data
    expect(stored.find((p) => p.id === pass.id)).toMatchObject({
      card_name: 'Renamed by the desk',
      status: 'SUSPENDED',
      last_activity: pass.last_activity
    })
  })

  it('assigns to a user (→ PENDING) and unassigns (→ INACTIVE, user_status keeps the old status)', async () => {
    const users = (await demo.api('GET', '/users', { query: { page_size: 1000 } })).body.data
    const user = users.find((u: { touch_pass?: unknown; status: string }) => !u.touch_pass && u.status === 'ACTIVE')
    const pass = (await demo.api('GET', '/credentials/touch_passes/assignable')).body.data.find(
      (p: { status: string }) => p.status === 'INACTIVE'
    )
    const assigned = await demo.api('PUT', `/users/${user.id}/touch_passes/${pass.id}`)
    expect(assigned.body.data).toMatchObject({
      status: 'PENDING',
      user_id: user.id,
      user_name: `${user.first_name} ${user.last_name}`,
      user_status: ''
    })
    expect((await demo.api('GET', `/users/${user.id}`)).body.data.touch_pass.id).toBe(pass.id)
    const again = await demo.api('PUT', `/users/${user.id}/touch_passes/${pass.id}`)
    expect(again.body.code).toBe('CODE_OPERATION_FORBIDDEN')

    const unassigned = await demo.api('DELETE', `/users/${user.id}/touch_passes/${pass.id}`)
    expect(unassigned.body.data).toMatchObject({
      status: 'INACTIVE',
      user_id: '',
      user_name: '',
      user_email: '',
      user_avatar: '',
      user_status: 'ACTIVE'
    })
    expect((await demo.api('GET', `/users/${user.id}`)).body.data.touch_pass).toBeUndefined()
  })

  it('lists, searches and fetches users with their cards, PIN hash and Touch Pass', async () => {
    const page = await demo.api('GET', '/users', { query: { page_num: 2, page_size: 10 } })
    expect(page.body.pagination).toEqual({ page_num: 2, page_size: 10, total: 30 })
    const all = (await demo.api('GET', '/users', { query: { page_size: 100 } })).body.data
    expect(all.some((u: { touch_pass?: { bundles: unknown[] } }) => u.touch_pass?.bundles.length)).toBe(true)
    expect(all.some((u: { pin_code: { token: string } | null }) => u.pin_code?.token.length === 64)).toBe(true)
    expect(all.some((u: { nfc_cards: unknown[] }) => u.nfc_cards.length > 0)).toBe(true)
    const target = all[3]
    const found = (
      await demo.api('GET', '/users/search', { query: { keyword: target.user_email || target.last_name } })
    ).body.data
    expect(found.map((u: { id: string }) => u.id)).toContain(target.id)
    expect((await demo.api('GET', '/users/no-such-user')).body.code).toBe('CODE_USER_WORKER_NOT_EXISTS')

    const pin = (await demo.api('POST', '/credentials/pin_codes')).body.data as string
    expect((await demo.api('PUT', `/users/${target.id}/pin_codes`, { body: { pin_code: pin } })).body.code).toBe(
      'SUCCESS'
    )
    const fetched = await demo.api('GET', `/users/${target.id}`)
    expect(fetched.raw.toString()).not.toContain(pin)
    await demo.api('DELETE', `/users/${target.id}/pin_codes`)
    expect((await demo.api('GET', `/users/${target.id}`)).body.data.pin_code).toBeNull()
  })
})
