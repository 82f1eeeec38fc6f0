import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ConsoleReachCheck, RECHECK_AFTER_MS } from '../../../src/main/services/connections/console-reach'
import type { AccessClient } from '../../../src/main/services/access/client'
import type { ConsoleReach } from '../../../src/shared/connections'
import { control, startDemo, type Demo } from '../access/support'
import { useAppServices } from '../../support/app-services'
import { allPermissionKeys } from '../../../src/demo-console/tokens'

/** A check of one client against the demo console (a real HTTPS server), its events kept. */
function checkOf(client: (check: ConsoleReachCheck) => AccessClient, clock = { now: 1_000 }) {
  const emitted: ConsoleReach[] = []
  const check: ConsoleReachCheck = new ConsoleReachCheck({
    active: async () => ({ id: 'site', client: async () => client(check) }),
    emit: (reach) => emitted.push(reach),
    now: () => clock.now
  })
  return { check, emitted, clock }
}

describe('whether the active console answers', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo?.stop())

  it('answering with the pinned certificate and taking the token: reachable, said to the screens', async () => {
    const { check, emitted } = checkOf(() => demo.client())
    const reach = await check.check()
    expect(reach).toEqual({ profileId: 'site', state: 'reachable', checkedAt: 1_000 })
    expect(emitted).toEqual([reach])
    expect(await check.current()).toEqual(reach)
  })

  it('a token without any key: Missing permissions naming every key a job needs (not Connected)', async () => {
    const { check } = checkOf(() => demo.client('none'))
    const reach = await check.check()
    // view:device too: Enroll lists its readers with it (no key is an extra only).
    const jobKeys = ['edit:credential', 'edit:user', 'edit:visitor', 'view:credential', 'view:device', 'view:space']
    expect(reach).toMatchObject({ state: 'permissions', missing: jobKeys.concat('view:user', 'view:visitor') })
    expect(reach?.message).toMatch(/view:credential/)
  })

  it('a token the console refuses, another certificate, no answer at all: each said, with what happened', async () => {
    const refused = await checkOf(() => demo.client('not-a-token')).check.check()
    expect(refused).toMatchObject({ state: 'refused', message: expect.any(String) })

    const otherCertificate = await checkOf(() =>
      demo.client('full', { pin: { fingerprint256: 'AA:'.repeat(31) + 'AA', pems: [demo.console.certificatePem] } })
    ).check.check()
    expect(otherCertificate?.state).toBe('certificate')
    // Said as the check, with what to do (the certificate's own words are the error's, on Settings).
    expect(otherCertificate?.message).toMatch(/^Checking the console: certificate changed\. If .* do not continue\.$/)

    const closed = await checkOf(() => demo.client('full', { baseUrl: 'https://127.0.0.1:9' })).check.check()
    expect(closed?.state).toBe('unreachable')
    expect(closed?.message).toBeTruthy()
  })

  it('callers at once share one check; a recent good answer is given again, an old one is not; said once', async () => {
    let built = 0
    const { check, emitted, clock } = checkOf(() => {
      built++
      return demo.client()
    })
    const [a, b] = await Promise.all([check.check(), check.check()])
    expect(b).toBe(a)
    expect(built).toBe(1)
    clock.now += RECHECK_AFTER_MS - 1
    expect(await check.check({ fresh: true })).toBe(a)
    expect(built).toBe(1)
    clock.now += 2
    expect((await check.check({ fresh: true }))?.state).toBe('reachable')
    expect(built).toBe(2)
    // The same state twice: the screens were told once.
    expect(emitted).toHaveLength(1)
  })

  it('a problem is asked again even when recent: the desk pressed Check again', async () => {
    let good = false
    const { check } = checkOf(() => (good ? demo.client() : demo.client('not-a-token')))
    expect((await check.check())?.state).toBe('refused')
    good = true
    expect((await check.check({ fresh: true }))?.state).toBe('reachable')
  })

  it('every call of a client built with observe() feeds the state; Check again probes every key', async () => {
    // The view token: reads work, the edit key is refused by the first write.
    const { check, emitted } = checkOf((c) => demo.client('view', { onOutcome: c.observe('site') }))
    const client = await (await check['deps'].active())!.client()
    await client.nfcCards.list({ page: 1, pageSize: 1 })
    expect(emitted.map((r) => r.state)).toEqual(['reachable'])
    await expect(client.sessions.remove('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      kind: 'permission'
    })
    expect(emitted.at(-1)).toMatchObject({ state: 'permissions', missing: ['edit:credential'] })
    // Check again probes every key, as Test connection does: each edit key the view token lacks is named.
    expect(await check.check()).toMatchObject({
      state: 'permissions',
      missing: ['edit:credential', 'edit:user', 'edit:visitor']
    })
    // The keys granted on the console: Check again finds them held.
    await control(demo.console, 'PUT', '/__demo/scopes', {
      token: 'view',
      keys: ['view:credential', 'edit:credential', 'view:user', 'edit:user', 'view:visitor', 'edit:visitor'].concat([
        'view:space',
        'view:device'
      ])
    })
    expect((await check.check())?.state).toBe('reachable')
  })
})

describe('the connection state through the app', () => {
  const app = useAppServices()
  const demo = () => app.services.connections.demoConsole()
  const said = () => app.events.filter((e) => e.event === 'connections.reach').map((e) => e.payload as ConsoleReach)
  afterEach(async () => {
    await control(await demo(), 'DELETE', '/__demo/faults')
    await control(await demo(), 'PUT', '/__demo/scopes', {
      token: 'full',
      keys: ['view:credential', 'edit:credential', 'view:user', 'edit:user', 'view:visitor', 'edit:visitor'].concat([
        'view:space',
        'edit:space',
        'view:device',
        'edit:device'
      ])
    })
    // Each test starts Connected: Check again finds every key held.
    await app.call('connections.reach', { recheck: true })
  })

  it('connections.reach checks the active console once and says so as connections.reach; asked again, the answer kept', async () => {
    const first = await app.call('connections.reach')
    expect(first).toMatchObject({ state: 'reachable', profileId: (await app.call('connections.list')).activeId })
    expect(said()).toHaveLength(1)
    expect(await app.call('connections.reach')).toEqual(first)
    expect(said()).toHaveLength(1)
  })

  it('a screen’s call refused (403 everything): Missing permissions; the keys back and Check again: Connected', async () => {
    await control(await demo(), 'PUT', '/__demo/scopes', { token: 'full', keys: [] })
    await expect(app.call('visitors.list', {})).rejects.toMatchObject({ kind: 'permission' })
    expect(said().at(-1)).toMatchObject({ state: 'permissions', missing: ['view:visitor'] })
    // Check again names every key a job needs (view:device: Enroll's readers, and Today's live updates).
    expect(await app.call('connections.reach', { recheck: true })).toMatchObject({
      state: 'permissions',
      missing: ['edit:credential', 'edit:user', 'edit:visitor', 'view:credential', 'view:device', 'view:space'].concat(
        'view:user',
        'view:visitor'
      )
    })
    await control(await demo(), 'PUT', '/__demo/scopes', { token: 'full', keys: [...allPermissionKeys] })
    expect(await app.call('connections.reach', { recheck: true })).toMatchObject({ state: 'reachable' })
    expect(said().at(-1)?.state).toBe('reachable')
  })

  it('Check again finds each key as it is now: a key refused earlier and held now is not named', async () => {
    await control(await demo(), 'PUT', '/__demo/scopes', { token: 'full', keys: ['view:credential'] })
    await expect(app.call('visitors.list', {})).rejects.toMatchObject({ kind: 'permission' })
    expect(said().at(-1)).toMatchObject({ state: 'permissions', missing: ['view:visitor'] })
    // The refusal said the token changed: every key is asked again, view:credential found held.
    await expect.poll(() => said().at(-1)?.missing).toContain('edit:credential')
    expect(said().at(-1)?.missing).not.toContain('view:credential')
    await control(await demo(), 'PUT', '/__demo/scopes', {
      token: 'full',
      keys: allPermissionKeys.filter((k) => k !== 'view:credential')
    })
    expect(await app.call('connections.reach', { recheck: true })).toMatchObject({
      state: 'permissions',
      missing: ['view:credential']
    })
  })

  it('500 to everything: Answering with errors, said once; the console well again: Connected at the next call', async () => {
    await control(await demo(), 'PUT', '/__demo/faults', { errorRate: { '*': 1 } })
    const before = said().length
    await expect(app.call('visitors.list', {})).rejects.toMatchObject({ kind: 'server' })
    await expect(app.call('visitors.list', {})).rejects.toMatchObject({ kind: 'server' })
    expect(
      said()
        .slice(before)
        .map((r) => r.state)
    ).toEqual(['trouble'])
    await control(await demo(), 'DELETE', '/__demo/faults')
    await app.call('visitors.list', {})
    expect(said().at(-1)?.state).toBe('reachable')
  })

  it('a 404 of one action changes nothing', async () => {
    await app.call('visitors.list', {})
    const before = said().length
    await expect(app.call('visitors.get', { id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      kind: 'not-found'
    })
    expect(said()).toHaveLength(before)
  })

  it('a token replaced and accepted is not Token refused; the old token’s state is gone', async () => {
    // A console other than the built-in one (saved again, the built-in one would be refused as itself).
    const other = await startDemo()
    const console = other.console
    try {
      const certificate = await app.call('connections.probe', { url: console.url })
      const saved = await app.call('connections.save', {
        name: 'Site',
        url: console.url,
        token: console.tokens.view,
        fingerprint256: certificate.fingerprint256
      })
      // Saved with a view-only token: the check found the edit keys missing.
      expect(said().at(-1)).toMatchObject({ profileId: saved.id, state: 'permissions' })
      expect(said().at(-1)?.missing).toContain('edit:credential')
      await app.call('connections.select', { id: saved.id })
      await control(console, 'PUT', '/__demo/scopes', { token: 'view', keys: [] })
      await expect(app.call('visitors.list', {})).rejects.toMatchObject({ kind: 'permission' })
      await app.call('connections.changeToken', { id: saved.id, token: console.tokens.full })
      expect(said().at(-1)).toEqual(expect.objectContaining({ profileId: saved.id, state: 'reachable' }))
      expect(await app.call('connections.reach')).toMatchObject({ state: 'reachable' })
      await control(console, 'PUT', '/__demo/scopes', {
        token: 'view',
        keys: ['view:credential', 'view:user', 'view:visitor', 'view:space', 'view:device']
      })
    } finally {
      await other.stop()
    }
  })
})
