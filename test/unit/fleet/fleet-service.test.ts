import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { createFleet, batchesNotUploaded } from '../../../src/main/services/fleet/create-fleet'
import { localDay, touchesDay } from '../../../src/main/services/today/desk-day'
import type { FleetConsole } from '../../../src/shared/fleet/schemas'
import type { BatchSummary } from '../../../src/shared/batches/schemas'
import { allPermissionKeys } from '../../../src/demo-console/tokens'
import { startFleet } from './support'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console records are read loosely
type Loose = any

/**
 * The Consoles screen's service against three real demo sites: Demo HQ answering, Harbour Office
 * slow (every request waits), Hill Campus down (every connection cut). Each console is read at once
 * with its own time limit and pushed as it answers.
 */
describe('fleet: every saved console at once', () => {
  const app = useAppServices()
  let fleet: Awaited<ReturnType<typeof startFleet>>
  const [HQ, SLOW, DOWN] = [0, 1, 2]

  beforeAll(async () => {
    fleet = await startFleet(app, { versions: [undefined, undefined, '3.2.20'] })
  })
  afterAll(async () => {
    await fleet?.stop()
  })

  /** The `fleet.console` events of one request, in the order they came. */
  const pushed = (requestId: string): FleetConsole[] =>
    app.events
      .filter((e) => e.event === 'fleet.console' && (e.payload as Loose).requestId === requestId)
      .map((e) => (e.payload as Loose).console)

  it('reads each console: its connection state, version, permissions and counts as the console holds them', async () => {
    await fleet.control(fleet.sites[SLOW]!, 'PUT', '/faults', { latencyMs: 250 })
    await fleet.control(fleet.sites[DOWN]!, 'PUT', '/faults', { resetRate: 1 })
    try {
      const { consoles } = await app.call('fleet.consoles', { requestId: 'read-1' })
      const byId = (id: string): FleetConsole => consoles.find((c: FleetConsole) => c.profileId === id)
      // The saved order: the built-in demo console first, then the three sites.
      expect(consoles.map((c: FleetConsole) => c.name)).toEqual([
        'Demo console',
        'Demo HQ',
        'Harbour Office',
        'Hill Campus'
      ])

      const hq = byId(fleet.ids[HQ]!)
      expect(hq.reach.state).toBe('reachable')
      expect(hq.version).toEqual({ atLeast: '3.3.10', below: null })
      expect(hq.permissions!.map((p) => p.status)).toEqual(Array(8).fill('allowed'))
      const held = async (resource: string) => fleet.control(fleet.sites[HQ]!, 'GET', `/state/${resource}`)
      const [cards, passes, visitors] = await Promise.all([held('cards'), held('touchPasses'), held('visitors')])
      const day = localDay(new Date())
      expect(hq.counts).toEqual({
        cards: { value: cards.length },
        passesToGive: {
          value: passes.filter((p: Loose) => ['SUSPENDED', 'INACTIVE'].includes(p.status) && !p.user_id).length
        },
        visitorsToday: { value: visitors.filter((v: Loose) => touchesDay(v, day)).length },
        batchesNotUploaded: 0
      })

      const slow = byId(fleet.ids[SLOW]!)
      expect(slow.reach.state).toBe('reachable')
      expect(slow.counts.cards).toEqual({ value: cards.length })

      const down = byId(fleet.ids[DOWN]!)
      expect(down.reach.state).toBe('unreachable')
      expect(down.error?.kind).toBe('network')
      expect(down.counts).toEqual({ cards: null, passesToGive: null, visitorsToday: null, batchesNotUploaded: 0 })
      // The app's one connection state says the same of each (the sidebar's, were it active).
      expect(app.services.reach.stateOf(fleet.ids[DOWN]!)?.state).toBe('unreachable')
      expect(app.services.reach.stateOf(fleet.ids[HQ]!)?.state).toBe('reachable')

      // Each was pushed as it came: the slow site after the one answering at once, and each once.
      const order = pushed('read-1').map((c) => c.name)
      expect([...order].sort()).toEqual(['Demo HQ', 'Demo console', 'Harbour Office', 'Hill Campus'])
      expect(order.indexOf('Demo HQ')).toBeLessThan(order.indexOf('Harbour Office'))
      expect(order.indexOf('Hill Campus')).toBeLessThan(order.indexOf('Harbour Office'))
    } finally {
      await Promise.all(fleet.sites.map((s) => fleet.control(s, 'DELETE', '/faults')))
    }
  })

  it('says a console older than a band by the endpoints it lacks', async () => {
    const { consoles } = await app.call('fleet.consoles', { requestId: 'read-version' })
    const old = consoles.find((c: FleetConsole) => c.profileId === fleet.ids[DOWN])
    expect(old.version).toEqual({ atLeast: '3.2.20', below: '3.3.10' })
  })

  it('names a key the token lacks, and the count that needs it says why it is missing', async () => {
    const keys = allPermissionKeys.filter((k) => k !== 'view:visitor')
    await fleet.control(fleet.sites[HQ]!, 'PUT', '/scopes', { token: 'full', keys })
    try {
      const { consoles } = await app.call('fleet.consoles', { requestId: 'read-key' })
      const hq: FleetConsole = consoles.find((c: FleetConsole) => c.profileId === fleet.ids[HQ])
      expect(hq.reach).toMatchObject({ state: 'permissions', missing: ['view:visitor'] })
      expect(hq.permissions!.filter((p) => p.status !== 'allowed')).toMatchObject([
        { key: 'view:visitor', status: 'missing' }
      ])
      expect(hq.counts.visitorsToday).toMatchObject({ error: { kind: 'permission' } })
      expect(hq.counts.cards).toMatchObject({ value: expect.any(Number) })
    } finally {
      // Back to what the demo console gives the full token.
      await fleet.control(fleet.sites[HQ]!, 'PUT', '/scopes', { token: 'full', keys: [...allPermissionKeys] })
    }
  })

  it('gives a console past its time limit up as not answering while the others are already shown', async () => {
    const quick = createFleet({
      connections: app.services.connections,
      reach: app.services.reach,
      batches: app.services.batches,
      emit: app.services.events.emit,
      timeouts: { readMs: 1500 }
    })
    await fleet.control(fleet.sites[SLOW]!, 'PUT', '/faults', { latencyMs: 3000 })
    try {
      const consoles = await quick.consoles('read-timeout')
      const slow = consoles.find((c) => c.profileId === fleet.ids[SLOW])!
      expect(slow.reach.state).toBe('unreachable')
      expect(slow.error).toMatchObject({
        code: 'CONSOLE_TIMEOUT',
        message: '"Harbour Office" did not answer within 1.5 s.'
      })
      const order = pushed('read-timeout').map((c) => c.name)
      expect(order.at(-1)).toBe('Harbour Office')
      expect(consoles.find((c) => c.profileId === fleet.ids[HQ])!.reach.state).toBe('reachable')
    } finally {
      await fleet.control(fleet.sites[SLOW]!, 'DELETE', '/faults')
    }
  })

  it('reads a slow console that answers every request as slow, not as not answering', async () => {
    // Each request waits 400 ms; the read is some ten requests: in a row they took longer than the limit.
    const quick = createFleet({
      connections: app.services.connections,
      reach: app.services.reach,
      batches: app.services.batches,
      emit: app.services.events.emit,
      timeouts: { readMs: 1500 }
    })
    await fleet.control(fleet.sites[SLOW]!, 'PUT', '/faults', { latencyMs: 400 })
    try {
      const consoles = await quick.consoles('read-slow')
      const slow = consoles.find((c) => c.profileId === fleet.ids[SLOW])!
      expect(slow.error).toBeUndefined()
      expect(slow.reach.state).toBe('reachable')
      expect(slow.permissions!.map((p) => p.status)).toEqual(Array(8).fill('allowed'))
      expect(slow.counts.cards).toEqual({
        value: (await fleet.control(fleet.sites[SLOW]!, 'GET', '/state/cards')).length
      })
      // How long it took, for the screen's "Slow: answered in N s".
      expect(slow.answeredInMs).toBeGreaterThanOrEqual(400)
    } finally {
      await fleet.control(fleet.sites[SLOW]!, 'DELETE', '/faults')
    }
  })

  it('counts the batches uploaded to a console that are not wholly on it', () => {
    const batch = (profileId: string | null, imported: number, total: number) =>
      ({ console: profileId ? { profileId, name: 'x' } : null, counts: { imported, total } }) as BatchSummary
    const batches = [batch('a', 3, 5), batch('a', 5, 5), batch('b', 0, 2), batch(null, 0, 4)]
    expect(batchesNotUploaded(batches, 'a')).toBe(1)
    expect(batchesNotUploaded(batches, 'b')).toBe(1)
    expect(batchesNotUploaded(batches, 'c')).toBe(0)
  })
})
