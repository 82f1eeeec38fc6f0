// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { EnrollStore } from '../../../src/renderer/src/stores/enroll.svelte'
import { ReaderStore } from '../../../src/renderer/src/stores/reader.svelte'
import { RosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import { TouchPassesStore } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { VisitorsStore } from '../../../src/renderer/src/stores/visitors.svelte'
import type { ReaderStatus } from '../../../src/shared/reader/schemas'
import { eventBridge, ok } from '../enroll/event-bridge'

/** What each store makes a restarted main hold again (the registry itself: main-restarts.test.ts). */
describe('main restarts: each store re-establishes what main must hold', () => {
  async function waiting(following: boolean) {
    const { bridge, calls } = eventBridge({
      'enroll.start': () => ok({ enrollmentId: 'e-1' }),
      'enroll.following': () => ok({ following })
    })
    setApiForTests(bridge)
    const store = new EnrollStore()
    store.deviceId = 'reader-1'
    await store.start()
    expect(store.phase).toBe('running')
    await store.reestablish()
    return { store, calls }
  }

  it('an enrollment wait main no longer follows says it ended with the restart', async () => {
    const { store, calls } = await waiting(false)
    expect(calls.filter(([c]) => c === 'enroll.following')).toEqual([['enroll.following', { enrollmentId: 'e-1' }]])
    expect(store.phase).toBe('ended')
    expect(store.progress?.state).toBe('cancelled')
    expect(store.progress?.error?.message).toBe('The enrollment wait ended when Access Desk restarted: start again.')
  })

  it('an enrollment wait main still follows goes on', async () => {
    const { store } = await waiting(true)
    expect(store.phase).toBe('running')
    expect(store.progress).toBeNull()
  })

  it('the reader asked for is asked for again (its host starts) and its old status is not kept', async () => {
    const ready = { state: 'ready', message: 'Ready: hold a card' } as unknown as ReaderStatus
    let answer: Promise<ReaderStatus> | ReaderStatus = ready
    const { bridge, calls } = eventBridge({ 'reader.status': async () => ok(await answer) })
    setApiForTests(bridge)
    const reader = new ReaderStore()
    // Never asked for in this tab and no taps kept: nothing to start again.
    await reader.reestablish()
    expect(calls).toEqual([])
    await reader.load()
    let release!: (s: ReaderStatus) => void
    answer = new Promise((resolve) => (release = resolve))
    const again = reader.reestablish()
    expect(reader.status).toBeNull()
    const starting = { state: 'starting', message: 'Starting the reader service…' } as unknown as ReaderStatus
    release(starting)
    await again
    expect(reader.status).toEqual(starting)
    expect(calls.map(([c]) => c)).toEqual(['reader.status', 'reader.status'])

    // Taps kept (a batch open) start it too, even if this tab never showed the reader.
    const keeping = new ReaderStore()
    keeping.keepingTaps = () => true
    await keeping.reestablish()
    expect(calls).toHaveLength(3)
  })

  it("a roster's run and line of the old main are dropped and the roster is read again", async () => {
    const summary = { id: 'r-1', phase: 'paused' }
    const { bridge, calls } = eventBridge({
      'roster.list': () => ok({ rosters: [summary], unreadable: [] }),
      'roster.get': () => ok({ summary, rows: [], totals: null, outcomes: [] })
    })
    setApiForTests(bridge)
    const roster = new RosterStore()
    roster.id = 'r-1'
    roster.listed = true
    roster.progress = { rosterId: 'r-1', running: true, done: 3, failed: 0, toCheck: 0, total: 30, rows: [] } as never
    roster.line = { rosterId: 'r-1' } as never
    expect(roster.running).toBe(true)
    await roster.reestablish()
    expect(calls.map(([c]) => c).sort()).toEqual(['roster.get', 'roster.list'])
    expect(roster.progress).toBeNull()
    expect(roster.line).toBeNull()
    expect(roster.running).toBe(false)
    expect(roster.summary).toEqual(summary)
  })

  /**
   * Every list with a record open beside it (stores/record-list: Visitors, Touch Passes) reads both again:
   * another desk may have changed them while main was away, and the screen must not show the old ones.
   */
  it.each([
    ['Visitors', () => new VisitorsStore(), 'visitors.list', 'visitors.get'],
    ['Touch Passes', () => new TouchPassesStore(), 'touchPasses.list', 'touchPasses.get']
  ] as const)('%s reads the page held and the record open again', async (_screen, make, list, get) => {
    const before = { id: 'r-1', remarks: 'before', name: 'before' }
    let now = before
    const { bridge, calls } = eventBridge({
      [list]: () => ok({ items: [now], total: 1 }),
      [get]: () => ok(now)
    })
    setApiForTests(bridge)
    const store = make()
    // Nothing read yet: nothing to read again.
    await store.reestablish()
    expect(calls).toEqual([])
    await store.load(1)
    await store.open('r-1')
    expect(store.selected).toEqual(before)
    now = { id: 'r-1', remarks: 'after', name: 'after' }
    calls.length = 0
    await store.reestablish()
    expect(calls.map(([c]) => c).sort()).toEqual([get, list].sort())
    expect(store.selected).toEqual(now)
    expect(store.items).toEqual([now])
  })
})
