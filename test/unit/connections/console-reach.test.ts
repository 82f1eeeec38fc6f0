import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConsoleReachCheck, RECHECK_AFTER_MS } from '../../../src/main/services/connections/console-reach'
import type { AccessClient } from '../../../src/main/services/access/client'
import type { ConsoleReach } from '../../../src/shared/connections'
import { startDemo, type Demo } from '../access/support'
import { useAppServices } from '../../support/app-services'

/** A check of one client against the demo console (a real HTTPS server), its events kept. */
function checkOf(client: () => AccessClient, clock = { now: 1_000 }) {
  const emitted: ConsoleReach[] = []
  const check = new ConsoleReachCheck({
    active: async () => ({ id: 'site', client: async () => client() }),
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
    expect(check.current()).toEqual(reach)
  })

  it('a token without the key the read needs is still a token the console took: reachable', async () => {
    const { check } = checkOf(() => demo.client('none'))
    expect((await check.check())?.state).toBe('reachable')
  })

  it('a token the console refuses, another certificate, no answer at all: each said, with what happened', async () => {
    const refused = await checkOf(() => demo.client('not-a-token')).check.check()
    expect(refused).toMatchObject({ state: 'refused', message: expect.any(String) })

    const otherCertificate = await checkOf(() =>
      demo.client('full', { pin: { fingerprint256: 'AA:'.repeat(31) + 'AA', pems: [demo.console.certificatePem] } })
    ).check.check()
    expect(otherCertificate?.state).toBe('certificate')
    expect(otherCertificate?.message).toMatch(/not the one you trusted/)

    const closed = await checkOf(() => demo.client('full', { baseUrl: 'https://127.0.0.1:9' })).check.check()
    expect(closed?.state).toBe('unreachable')
    expect(closed?.message).toBeTruthy()
  })

  it('callers at once share one check; a recent good answer is given again, an old one is not', async () => {
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
    const later = await check.check({ fresh: true })
    expect(later?.checkedAt).toBe(clock.now)
    expect(built).toBe(2)
    expect(emitted).toHaveLength(2)
  })

  it('a problem is asked again even when recent: the desk pressed Check again', async () => {
    let good = false
    const { check } = checkOf(() => (good ? demo.client() : demo.client('not-a-token')))
    expect((await check.check())?.state).toBe('refused')
    good = true
    expect((await check.check({ fresh: true }))?.state).toBe('reachable')
  })
})

describe('the check through the app', () => {
  const app = useAppServices()

  it('connections.reach checks the active console once and says so as connections.reach; asked again, the answer kept', async () => {
    const first = await app.call('connections.reach')
    expect(first).toMatchObject({ state: 'reachable', profileId: (await app.call('connections.list')).activeId })
    expect(app.events.filter((e) => e.event === 'connections.reach')).toHaveLength(1)
    // Asked again without recheck: the answer kept, nothing sent.
    expect(await app.call('connections.reach')).toEqual(first)
    expect(app.events.filter((e) => e.event === 'connections.reach')).toHaveLength(1)
  })
})
