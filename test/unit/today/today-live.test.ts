import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createAccessClient } from '../../../src/main/services/access/client'
import { TodayDesk } from '../../../src/main/services/today/today-desk'
import type { EventName } from '../../../src/shared/ipc/contract'
import type { LiveSource, TodayChange } from '../../../src/shared/today/schemas'
import { startDemo, type Demo } from '../demo-console/support'
import { tempDir } from '../../support/temp'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console records are read loosely
type Loose = any

/**
 * Today's live updates against the real demo console over HTTPS and WSS: a tap on the console moves
 * a visitor from Expected to Here without anyone asking; without `view:device` the list is polled.
 */
describe('Today live: notifications socket, polling fallback', () => {
  let demo: Demo
  let data: Awaited<ReturnType<typeof tempDir>>
  let desk: TodayDesk | undefined
  const events: { event: EventName; payload: Loose }[] = []

  beforeAll(async () => {
    demo = await startDemo()
    data = await tempDir()
  })
  afterEach(async () => {
    desk?.live.close()
    desk = undefined
    events.length = 0
    await demo.control('PUT', '/scopes', {
      token: 'full',
      keys: [...['credential', 'user', 'visitor', 'space', 'device'].flatMap((k) => [`view:${k}`, `edit:${k}`])]
    })
  })
  afterAll(async () => {
    await demo.stop()
    await data.remove()
  })

  function makeDesk(timing = { pollMs: 200, backstopMs: 60_000, retrySocketMs: 60_000 }) {
    const target = {
      id: 'demo',
      baseUrl: demo.console.url,
      token: demo.console.tokens.full,
      pin: { fingerprint256: demo.console.fingerprint256, pems: [demo.console.certificatePem] }
    }
    const client = createAccessClient(target)
    desk = new TodayDesk({
      dataDir: data.path,
      client: async () => client,
      target: async () => target,
      badgeMarks: async () => ({ printed: new Map(), qrRevokedSincePrint: new Map() }),
      emit: (event, payload) => events.push({ event, payload }),
      timing
    })
    return desk
  }

  const waitFor = async <T>(what: string, find: () => T | undefined, ms = 5000): Promise<T> => {
    const until = Date.now() + ms
    for (;;) {
      const found = find()
      if (found !== undefined) return found
      if (Date.now() > until) throw new Error(`waited ${ms} ms for ${what}: ${JSON.stringify(events.slice(-3))}`)
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  const changedWith = (id: string, group: string) => () =>
    events.find(
      (e) =>
        e.event === 'today.changed' && (e.payload as TodayChange).changed.some((r) => r.id === id && r.group === group)
    )?.payload as TodayChange | undefined

  it('says when the re-reads started failing and when the last one failed; says it once they work again', async () => {
    const live = makeDesk().live
    await live.read()
    await live.watch()
    await demo.control('PUT', '/faults', { errorRate: { '*': 1 } })
    try {
      const failing = await waitFor('a failed re-read', () =>
        events.find((e) => e.event === 'today.reads' && e.payload.failingSince !== null)
      )
      expect(failing.payload.lastFailedAt).toBeGreaterThanOrEqual(failing.payload.failingSince)
      expect(failing.payload.message).toBeTruthy()
    } finally {
      await demo.control('PUT', '/faults', { errorRate: { '*': 0 } })
    }
    await waitFor('a working re-read', () =>
      events.find((e) => e.event === 'today.reads' && e.payload.failingSince === null)
    )
  })

  it('a list read while the console does not answer: the list main holds, said as not read now; nothing held, the error', async () => {
    const live = makeDesk().live
    // Nothing read yet on this console: the read fails as the console's answer says.
    await demo.control('PUT', '/faults', { errorRate: { '*': 1 } })
    try {
      await expect(live.read()).rejects.toMatchObject({ kind: 'server' })
    } finally {
      await demo.control('PUT', '/faults', { errorRate: { '*': 0 } })
    }
    const first = await live.read()
    expect(first.notReadNow).toBeUndefined()
    // A tab opened now (a fresh Today, a reload) during the outage gets what main holds, said as such.
    await demo.control('PUT', '/faults', { errorRate: { '*': 1 } })
    try {
      const held = await live.read()
      expect(held.rows).toEqual(first.rows)
      expect(held.readAt).toBe(first.readAt)
      expect(held.notReadNow?.message).toBeTruthy()
    } finally {
      await demo.control('PUT', '/faults', { errorRate: { '*': 0 } })
    }
    // Another console: nothing of the previous one is held.
    await live.restart()
    await demo.control('PUT', '/faults', { errorRate: { '*': 1 } })
    try {
      await expect(live.read()).rejects.toMatchObject({ kind: 'server' })
    } finally {
      await demo.control('PUT', '/faults', { errorRate: { '*': 0 } })
    }
  })

  it('says when each re-read worked, even one that found nothing new (the screen’s “List read at”)', async () => {
    const live = makeDesk().live
    const first = await live.read()
    await live.watch()
    const later = await waitFor('a re-read after the first', () =>
      events.find((e) => e.event === 'today.reads' && (e.payload.readAt ?? 0) > first.readAt)
    )
    expect(later.payload).toMatchObject({ failingSince: null, lastFailedAt: null, message: null })
    // Nothing changed on the console: the list itself is not pushed again.
    expect(events.filter((e) => e.event === 'today.changed')).toEqual([])
  })

  it('uses the notifications socket and shows an arrival on the console at once', async () => {
    const d = makeDesk({ pollMs: 60_000, backstopMs: 60_000, retrySocketMs: 60_000 })
    const now = Math.floor(Date.now() / 1000)
    const booked = await demo.api('POST', '/visitors', {
      body: { first_name: 'Ola', last_name: 'Ek', visit_reason: 'Business', start_time: now - 60, end_time: now + 600 }
    })
    const view = await d.live.read()
    const expected = view.rows.find((r) => r.id === booked.body.data.id)!
    expect(expected).toMatchObject({ status: 'ACTIVE', group: 'expected' })
    // Open, but this console has not yet shown that it sends visitor events on the socket.
    expect(await d.live.watch()).toEqual({ kind: 'notifications', visitorEvents: false, backstopSeconds: 60 })
    await demo.control('POST', '/visitor-taps', { visitor_id: expected.id })
    // Polling is a minute away: only the socket's event can bring this within the wait.
    const changed = await waitFor('the arrival', changedWith(expected.id, 'here'), 3000)
    expect(changed.source).toEqual({ kind: 'notifications', visitorEvents: true, backstopSeconds: 60 })
    expect(events.filter((e) => e.event === 'today.source').map((e) => e.payload)).toEqual([
      { kind: 'notifications', visitorEvents: false, backstopSeconds: 60 },
      { kind: 'notifications', visitorEvents: true, backstopSeconds: 60 }
    ])
    expect(changed.changed.find((r) => r.id === expected.id)?.status).toBe('VISITING')
    // Only what changed is pushed (each screen asks its window again), and the move is named.
    expect(changed.moved).toContain(expected.id)
    expect(changed).not.toHaveProperty('rows')
  })

  it('polls when the token lacks view:device, and says why', async () => {
    await demo.control('PUT', '/scopes', {
      token: 'full',
      keys: ['view:visitor', 'edit:visitor', 'view:space', 'view:credential']
    })
    const d = makeDesk()
    const view = await d.live.read()
    const source = (await d.live.watch()) as Extract<LiveSource, { kind: 'polling' }>
    expect(source).toEqual({
      kind: 'polling',
      everySeconds: 0,
      reason: 'this token lacks view:device (give the API token that key in the console for live updates)',
      why: { key: 'noKey', permission: 'view:device' }
    })
    const now = Math.floor(Date.now() / 1000)
    const created = await demo.api('POST', '/visitors', {
      body: {
        first_name: 'Polly',
        last_name: 'Ng',
        visit_reason: 'Business',
        start_time: now - 60,
        end_time: now + 600
      }
    })
    const id = created.body.data.id as string
    expect(view.rows.some((r) => r.id === id)).toBe(false)
    await waitFor('the new visitor by polling', changedWith(id, 'expected'))
    await demo.control('POST', '/visitor-taps', { visitor_id: id })
    const arrived = await waitFor('the arrival by polling', changedWith(id, 'here'))
    expect(arrived.source).toMatchObject({ kind: 'polling' })
  })

  it('starts again on another console: its socket, its list, nothing of the previous one', async () => {
    const other = await startDemo()
    try {
      const targets = [demo, other].map((c) => ({
        id: c === demo ? 'a' : 'b',
        baseUrl: c.console.url,
        token: c.console.tokens.full,
        pin: { fingerprint256: c.console.fingerprint256, pems: [c.console.certificatePem] }
      }))
      const clients = targets.map((t) => createAccessClient(t))
      let active = 0
      desk = new TodayDesk({
        dataDir: data.path,
        client: async () => clients[active]!,
        target: async () => targets[active]!,
        badgeMarks: async () => ({ printed: new Map(), qrRevokedSincePrint: new Map() }),
        emit: (event, payload) => events.push({ event, payload }),
        timing: { pollMs: 60_000, backstopMs: 60_000, retrySocketMs: 60_000 }
      })
      const now = Math.floor(Date.now() / 1000)
      const onlyOnB = await other.api('POST', '/visitors', {
        body: {
          first_name: 'Bea',
          last_name: 'Other',
          visit_reason: 'Business',
          start_time: now - 60,
          end_time: now + 600
        }
      })
      const id = onlyOnB.body.data.id as string
      expect((await desk.live.read()).rows.some((r) => r.id === id)).toBe(false)
      expect((await desk.live.watch()).kind).toBe('notifications')
      active = 1
      await desk.live.restart()
      expect(desk.live.source).toMatchObject({ kind: 'notifications', visitorEvents: false })
      // The socket now listens to console B: its tap arrives at once.
      await other.control('POST', '/visitor-taps', { visitor_id: id })
      await waitFor('the arrival on console B', changedWith(id, 'here'), 3000)
      await expect.poll(async () => (await demo.control('GET', '/state')).body.data.notificationSockets).toBe(0)
      clients.forEach((c) => c.close())
    } finally {
      desk?.live.close()
      await other.stop()
    }
  })

  it('falls back to polling when the console closes the socket, and pushes nothing while the list is unchanged', async () => {
    const d = makeDesk()
    await d.live.read()
    expect((await d.live.watch()).kind).toBe('notifications')
    await demo.control('PUT', '/scopes', { token: 'full', keys: ['view:visitor', 'view:space'] })
    const polling = await waitFor('polling after the close', () =>
      events.find((e) => e.event === 'today.source' && (e.payload as LiveSource).kind === 'polling')
    )
    // Said whole: "the notifications socket the console closed…" once joined two sentences into one.
    expect(polling.payload).toMatchObject({
      reason: expect.stringMatching(
        /^the (console closed the notifications|notifications socket closed) \(\d+\); (it is|they are) tried again every minute$/
      ),
      why: { key: expect.stringMatching(/^closed(ByConsole)?$/), code: expect.any(Number) }
    })
    const before = events.filter((e) => e.event === 'today.changed').length
    await new Promise((r) => setTimeout(r, 700))
    expect(events.filter((e) => e.event === 'today.changed').length).toBe(before)
    d.live.unwatch()
    expect(events.at(-1)).toEqual({ event: 'today.source', payload: { kind: 'off' } })
  })
})
