import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RosterRun } from '../../../src/main/services/roster/roster-run'
import type { RosterProgress } from '../../../src/shared/roster/run'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { cardsByOwner, freeCards, freshPeople, frozenRoster, row, userRef } from './harness'

describe('a roster run when the console goes away, and when paused', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('roster-outage-')
  })
  afterAll(async () => {
    await demo?.stop()
    await dir?.remove()
  })

  it('stops at an outage with the steps in flight to check, and resumes once the console is back', async () => {
    const { users } = await freshPeople(demo, 8)
    const cards = await freeCards(demo)
    const rows = users.map((u, i) =>
      row(i + 1, userRef(u), { kind: 'existing', nfcId: 'X', token: cards[i]!.token, displayId: cards[i]!.display_id })
    )
    const { store, roster } = await frozenRoster(join(dir.path, 'a'), rows)
    const events: RosterProgress[] = []
    const deps = {
      store,
      client: async () => demo.client(),
      emit: (_e: string, p: unknown) => void events.push(p as RosterProgress),
      pins: new Map<string, string>()
    }
    // Every connection is cut before the console acts on it.
    await demo.control('PUT', '/__demo/faults', { resetRate: 1 })
    try {
      await new RosterRun(deps, roster).run()
    } finally {
      await demo.control('DELETE', '/__demo/faults')
    }
    const stopped = events.at(-1)!
    expect(stopped.stopped?.kind).toBe('network')
    expect(stopped.running).toBe(false)
    const states = roster.model.outcomes().map((o) => o.state)
    // The rows in flight (at most the concurrency) are to check; the others were never sent.
    expect(states.filter((s) => s === 'to-check').length).toBeGreaterThan(0)
    expect(states.filter((s) => s === 'to-check').length).toBeLessThanOrEqual(4)
    expect(states.filter((s) => s === 'planned').length).toBe(8 - states.filter((s) => s === 'to-check').length)
    expect(roster.model.phase()).toBe('paused')
    const before = await cardsByOwner(demo)
    for (const u of users) expect(before.get(u.id)).toBeUndefined()

    await new RosterRun(deps, roster).run()
    expect(roster.model.outcomes().map((o) => o.state)).toEqual(rows.map(() => 'done'))
    const held = await cardsByOwner(demo)
    users.forEach((u, i) => expect(held.get(u.id)).toEqual([cards[i]!.token]))
    expect(roster.model.phase()).toBe('finished')
  })

  it('pauses after the steps in flight; run again finishes the rest', async () => {
    const { users } = await freshPeople(demo, 12)
    const rows = users.map((u, i) => row(i + 1, userRef(u), { kind: 'none' }, { pin: true }))
    const { store, roster } = await frozenRoster(join(dir.path, 'b'), rows)
    const deps = { store, client: async () => demo.client(), emit: () => undefined, pins: new Map<string, string>() }
    await demo.control('PUT', '/__demo/faults', { latencyMs: 60 })
    try {
      const run = new RosterRun({ ...deps, concurrency: 2 }, roster)
      const done = run.run()
      await new Promise((r) => setTimeout(r, 150))
      run.pause()
      await done
    } finally {
      await demo.control('DELETE', '/__demo/faults')
    }
    const states = roster.model.outcomes().map((o) => o.state)
    // Nothing is left half-sent: each row is done or untouched.
    expect(states.every((s) => s === 'done' || s === 'planned')).toBe(true)
    expect(states.filter((s) => s === 'done').length).toBeGreaterThan(0)
    expect(states.filter((s) => s === 'planned').length).toBeGreaterThan(0)
    expect(roster.model.phase()).toBe('paused')

    await new RosterRun(deps, roster).run()
    expect(roster.model.outcomes().map((o) => o.state)).toEqual(rows.map(() => 'done'))
    expect(deps.pins.size).toBe(12)
    const client = demo.client()
    for (const u of users) expect((await client.users.get(u.id)).pin_code).not.toBeNull()
  })
})
