import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccessClient } from '../../../src/main/services/access/client'
import { probeEditPermission } from '../../../src/main/services/access/permission-probe'
import { failure, startDemo, type Demo } from './support'

describe('Touch Passes (E9–E14) and assigning them to users against the demo console', () => {
  let demo: Demo
  let client: AccessClient
  beforeAll(async () => {
    demo = await startDemo()
    client = demo.client()
  })
  afterAll(async () => {
    await demo?.stop()
  })

  it('lists pages, filters by status, and all() gets every pass', async () => {
    const page = await client.touchPasses.list({ page: 1, pageSize: 5 })
    expect(page.items.length).toBeLessThanOrEqual(5)
    const all = await client.touchPasses.all({ pageSize: 4 })
    expect(all).toHaveLength(page.total)
    const active = await client.touchPasses.all({ status: 'ACTIVE' })
    expect(active.length).toBeGreaterThan(0)
    expect(active.every((p) => p.status === 'ACTIVE')).toBe(true)
    expect(active.length).toBe(all.filter((p) => p.status === 'ACTIVE').length)
  })

  it('purchases (one object or an array), fetches, searches and updates', async () => {
    const bought = await client.touchPasses.purchase(1)
    expect(bought).toHaveLength(1)
    expect(bought[0]).toMatchObject({ status: 'INACTIVE', card_name: '', user_id: '', bundles: [] })
    await demo.control('PUT', '/__demo/variants', { purchaseAnswer: 'array' })
    const two = await client.touchPasses.purchase(2)
    await demo.control('PUT', '/__demo/variants', { purchaseAnswer: 'first' })
    expect(two).toHaveLength(2)

    const pass = bought[0]!
    expect((await client.touchPasses.get(pass.id)).card_id).toBe(pass.card_id)
    const found = await client.touchPasses.search(pass.card_id.slice(0, 4))
    expect(found.map((p) => p.id)).toContain(pass.id)
    expect((await client.touchPasses.assignable()).map((p) => p.id)).toContain(pass.id)

    const renamed = await client.touchPasses.update(pass.id, { card_name: 'Lobby phone' })
    expect(renamed.card_name).toBe('Lobby phone')
  })

  it('assigns a pass to a user (PENDING) and takes it back', async () => {
    const [pass] = await client.touchPasses.purchase(1)
    const user = (await client.users.list({ page: 1, pageSize: 50 })).items.find(
      (u) => !u.touch_pass && u.status === 'ACTIVE'
    )!
    const assigned = await client.users.assignTouchPass(user.id, pass!.id)
    expect(assigned).toMatchObject({ id: pass!.id, status: 'PENDING', user_id: user.id })
    expect((await client.users.get(user.id)).touch_pass?.id).toBe(pass!.id)
    const back = await client.users.unassignTouchPass(user.id, pass!.id)
    expect(back.user_id).toBe('')
    expect(['SUSPENDED', 'INACTIVE']).toContain(back.status)
  })

  it('gives several users one unassigned pass each (§3.27), all or nothing', async () => {
    const free = async () => (await client.touchPasses.all()).filter((p) => !p.user_id && p.status !== 'PENDING')
    await client.touchPasses.purchase(2)
    const users = (await client.users.list({ page: 1, pageSize: 50 })).items.filter((u) => !u.touch_pass)
    const [a, b, c] = users
    const before = (await free()).filter((p) => p.status === 'SUSPENDED' || p.status === 'INACTIVE').length
    expect(before).toBeGreaterThanOrEqual(2)

    const passes = await client.users.assignTouchPasses([{ id: a!.id, email: 'phones@example.com' }, { id: b!.id }])
    expect(passes).toHaveLength(2)
    expect(passes.map((p) => [p.user_id, p.status])).toEqual([
      [a!.id, 'PENDING'],
      [b!.id, 'PENDING']
    ])
    expect(passes[0]!.user_email).toBe('phones@example.com')
    expect(passes[1]!.user_email).toBe(b!.user_email)
    expect((await client.users.get(b!.id)).touch_pass?.id).toBe(passes[1]!.id)

    // A user who already holds one, or more users than free passes: refused, nothing assigned.
    expect(await failure(client.users.assignTouchPasses([{ id: c!.id }, { id: a!.id }]))).toMatchObject({
      kind: 'conflict'
    })
    expect((await client.users.get(c!.id)).touch_pass).toBeNull()
    const left = (await client.touchPasses.assignable()).filter((p) => !p.user_id).length
    const many = users.slice(2, 3 + left).map((u) => ({ id: u.id }))
    expect(many.length).toBeGreaterThan(left)
    const refused = await failure(client.users.assignTouchPasses(many))
    expect(refused.message).toMatch(/unassigned Touch Passes/)
    expect((await client.touchPasses.assignable()).filter((p) => !p.user_id)).toHaveLength(left)
    expect(
      await failure(client.users.assignTouchPasses([{ id: '00000000-0000-4000-8000-000000000000' }]))
    ).toMatchObject({ kind: 'not-found' })
  })

  it('suspends a pass and disables a bundle', async () => {
    const withBundle = (await client.touchPasses.all({ status: 'ACTIVE' })).find((p) => p.bundles.length > 0)!
    const suspended = await client.touchPasses.update(withBundle.id, { status: 'SUSPENDED' })
    expect(suspended.status).toBe('SUSPENDED')
    const bundle = withBundle.bundles[0]!
    const unbundled = await client.touchPasses.update(withBundle.id, {
      bundles: [{ bundle_id: bundle.bundle_id, bundle_status: 'DISABLED' }]
    })
    expect(unbundled.bundles.map((b) => b.bundle_id)).not.toContain(bundle.bundle_id)
  })

  it('unknown id, missing scope, invalid count', async () => {
    expect(await failure(client.touchPasses.get('00000000-0000-4000-8000-000000000000'))).toMatchObject({
      kind: 'not-found'
    })
    expect(await failure(demo.client('view').touchPasses.purchase(1))).toMatchObject({
      kind: 'permission',
      details: { permission: 'edit:credential', endpoint: 'E14' }
    })
    expect(await failure(demo.client('none').touchPasses.list({ page: 1, pageSize: 5 }))).toMatchObject({
      kind: 'permission',
      details: { permission: 'view:credential' }
    })
    expect(await failure(client.touchPasses.purchase(0))).toMatchObject({ kind: 'validation' })
  })

  it('counts the list, and finds the expired passes the status filter cannot ask for', async () => {
    const every = await client.touchPasses.all()
    expect(await client.touchPasses.count()).toBe(every.length)
    const expired = await client.touchPasses.expired({ pageSize: 3 })
    expect(expired.scanned).toBe(every.length)
    expect(expired.items.length).toBeGreaterThan(0)
    expect(expired.items.map((p) => p.id)).toEqual(every.filter((p) => p.status === 'EXPIRED').map((p) => p.id))
    // Echoing the size it returned (facts 1.7) changes nothing: the count is pagination.total.
    await demo.control('PUT', '/__demo/variants', { pageSizeEcho: 'returned' })
    expect(await client.touchPasses.count()).toBe(every.length)
    await demo.control('PUT', '/__demo/variants', { pageSizeEcho: 'requested' })
  })

  it("a console rule's refusal is a conflict with the console's reason, not a missing permission", async () => {
    const holder = (await client.touchPasses.all({ status: 'ACTIVE' })).find((p) => p.user_id)!
    const [free] = await client.touchPasses.purchase(1)
    const refused = await failure(client.users.assignTouchPass(holder.user_id, free!.id))
    expect(refused.kind).toBe('conflict')
    expect(refused.message).toContain('already holds')
    expect(refused.details?.['permission']).toBeUndefined()
  })

  it('probes edit:user without changing anything: full token yes, view-only token no', async () => {
    const before = await client.touchPasses.all()
    expect(await probeEditPermission(client, 'edit:user')).toEqual({ canEdit: true })
    expect(await probeEditPermission(demo.client('view'), 'edit:user')).toEqual({
      canEdit: false,
      missingPermission: 'edit:user'
    })
    expect(await client.touchPasses.all()).toEqual(before)
  })
})
