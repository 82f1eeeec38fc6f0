import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RosterRun, PIN_PROBABLY_SET } from '../../../src/main/services/roster/roster-run'
import { RosterJournal } from '../../../src/main/services/roster/roster-journal'
import type { RosterProgress } from '../../../src/shared/roster/run'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { cardsByOwner, freeCards, freshPeople, frozenRoster, nfcHex, row, userRef, visitorRef } from './harness'

describe('running a roster against the demo console', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('roster-run-')
  })
  afterAll(async () => {
    await demo?.stop()
    await dir?.remove()
  })

  it('imports, assigns, sets PINs and gives passes; the console holds each exactly once; no PIN on disk', async () => {
    const { users, visitors } = await freshPeople(demo)
    const cards = await freeCards(demo)
    const passes = await demo.client().touchPasses.assignable()
    expect(users.length).toBeGreaterThan(4)
    expect(visitors.length).toBeGreaterThan(0)
    expect(passes.length).toBeGreaterThan(1)
    const existing = cards[0]!
    const rows = [
      row(
        1,
        userRef(users[0]!),
        { kind: 'existing', nfcId: 'X', token: existing.token, displayId: existing.display_id },
        { pin: true, touchPass: true }
      ),
      row(2, userRef(users[1]!), { kind: 'import', nfcId: nfcHex(1) }, { pin: true }),
      row(3, visitorRef(visitors[0]!), { kind: 'import', nfcId: nfcHex(2) }, { pin: true }),
      row(4, userRef(users[2]!), { kind: 'none' }, { touchPass: true }),
      // A card the plan says belongs to someone else, not overridden: skipped, never sent.
      row(
        5,
        userRef(users[3]!),
        { kind: 'existing', nfcId: 'Y', token: cards[1]!.token, displayId: cards[1]!.display_id },
        {
          conflicts: [
            {
              kind: 'card-owned',
              step: 'card',
              message: 'Card held by someone else',
              overridable: true,
              decision: 'skip'
            }
          ]
        }
      ),
      { ...row(6, userRef(users[4]!)), match: { state: 'missing' as const, reason: 'Nobody has this email' } }
    ]
    const { store, roster } = await frozenRoster(join(dir.path, 'a'), rows)
    const events: RosterProgress[] = []
    const pins = new Map<string, string>()
    const run = new RosterRun(
      {
        store,
        client: async () => demo.client(),
        emit: (_e, p) => void events.push(p as RosterProgress),
        pins,
        progressMs: 20
      },
      roster
    )
    await run.run()

    const outcomes = roster.model.outcomes()
    expect(outcomes.map((o) => o.state)).toEqual(['done', 'done', 'done', 'done', 'skipped', 'skipped'])
    // The console: each card bound to its person, once.
    const held = await cardsByOwner(demo)
    expect(held.get(users[0]!.id)).toEqual([existing.token])
    expect(held.get(users[1]!.id)).toHaveLength(1)
    expect(held.get(visitors[0]!.id)).toHaveLength(1)
    expect(held.get(users[3]!.id)).toBeUndefined()
    expect(outcomes[1]!.cardToken).toBe(held.get(users[1]!.id)![0])
    expect(outcomes[1]!.cardDisplayId).toBeTruthy()
    const client = demo.client()
    expect((await client.users.get(users[0]!.id)).pin_code).not.toBeNull()
    expect((await client.users.get(users[1]!.id)).pin_code).not.toBeNull()
    expect((await client.visitors.get(visitors[0]!.id)).pin_code).not.toBeNull()
    const pass0 = (await client.users.get(users[0]!.id)).touch_pass
    const pass2 = (await client.users.get(users[2]!.id)).touch_pass
    expect(pass0?.id).toBeTruthy()
    expect(pass2?.id).toBeTruthy()
    expect(pass0!.id).not.toBe(pass2!.id)
    // PINs are kept in memory for the slips, and nowhere on disk.
    expect(pins.size).toBe(3)
    const files = await readdir(join(dir.path, 'a'))
    for (const file of files) {
      const bytes = await readFile(join(dir.path, 'a', file), 'utf8')
      for (const pin of pins.values()) expect(bytes).not.toContain(pin)
    }
    // Progress: the last event says everything is through, with the concurrency used.
    const last = events.at(-1)!
    expect(last).toMatchObject({ total: 4, done: 4, failed: 0, toCheck: 0, running: false, concurrency: 4 })

    // Replayed from disk, the roster says the same.
    const again = await new RosterJournal(join(dir.path, 'a')).get('roster-1')
    expect(again.model.outcomes().map((o) => o.state)).toEqual(outcomes.map((o) => o.state))
    expect(again.model.phase()).toBe('finished')
  })

  it('checks a step whose answer was lost instead of sending it again', async () => {
    const { users } = await freshPeople(demo)
    const cards = await freeCards(demo)
    const card = cards[0]!
    const person = userRef(users[0]!)
    const other = userRef(users[1]!)
    const pinned = userRef(users[2]!)
    const rows = [
      row(1, person, { kind: 'existing', nfcId: 'X', token: card.token, displayId: card.display_id }),
      row(2, other, { kind: 'existing', nfcId: 'Y', token: cards[1]!.token, displayId: cards[1]!.display_id }),
      row(3, pinned, { kind: 'none' }, { pin: true })
    ]
    const { store, roster } = await frozenRoster(join(dir.path, 'b'), rows)
    // The app stopped after sending: card 1 was in fact assigned, card 2 was not; a PIN was set.
    await demo.client().users.assignNfc(person.id, card.token)
    await demo.client().users.assignPin(pinned.id, '48213975')
    const at = new Date().toISOString()
    await store.commit(
      roster,
      { t: 'sending', at, rowId: 'r2', step: 'card-assign', attempt: 1, detail: { token: card.token } },
      { t: 'sending', at, rowId: 'r3', step: 'card-assign', attempt: 1, detail: { token: cards[1]!.token } },
      { t: 'sending', at, rowId: 'r4', step: 'pin', attempt: 1 }
    )
    await store.close()
    const reopened = new RosterJournal(join(dir.path, 'b'))
    const loaded = await reopened.get('roster-1')
    expect(loaded.model.outcomes().map((o) => o.state)).toEqual(['to-check', 'to-check', 'to-check'])

    // A write refused to reach the console would show here: card 1 sent again would be a second assign.
    let assigns = 0
    const counting = () => {
      const client = demo.client()
      const assignNfc = client.users.assignNfc.bind(client.users)
      client.users.assignNfc = (...args: Parameters<typeof assignNfc>) => {
        assigns++
        return assignNfc(...args)
      }
      return client
    }
    const run = new RosterRun(
      { store: reopened, client: async () => counting(), emit: () => undefined, pins: new Map() },
      loaded
    )
    await run.run()
    const outcomes = loaded.model.outcomes()
    expect(outcomes[0]!.state).toBe('done')
    expect(outcomes[1]!.state).toBe('done')
    // Only the card the console did not hold was sent.
    expect(assigns).toBe(1)
    // The PIN: the console has one, its plaintext is gone: the user is asked to give a new one.
    expect(outcomes[2]).toMatchObject({ state: 'to-check', fix: PIN_PROBABLY_SET })
    const held = await cardsByOwner(demo)
    expect(held.get(person.id)).toEqual([card.token])
    expect(held.get(other.id)).toEqual([cards[1]!.token])

    // Retry failed gives a new PIN.
    const pins = new Map<string, string>()
    await new RosterRun(
      { store: reopened, client: async () => demo.client(), emit: () => undefined, pins },
      loaded
    ).run({
      retryFailed: true
    })
    expect(loaded.model.outcomes()[2]!.state).toBe('done')
    expect(pins.get('r4')).toMatch(/^\d+$/)
  })

  it('a step answered 500 is to check: the next run asks the console, then sends it (failed with the console reason, or done)', async () => {
    const { users } = await freshPeople(demo)
    const cards = await freeCards(demo)
    const owner = userRef(users[0]!)
    await demo.client().users.assignNfc(owner.id, cards[0]!.token)
    const rows = [
      // The card is someone else's and the plan did not say so: the console refuses, nothing is taken over.
      row(1, userRef(users[1]!), {
        kind: 'existing',
        nfcId: 'X',
        token: cards[0]!.token,
        displayId: cards[0]!.display_id
      }),
      row(2, userRef(users[2]!), { kind: 'import', nfcId: nfcHex(40) })
    ]
    const { store, roster } = await frozenRoster(join(dir.path, 'c'), rows)
    // The assignment endpoint of users fails for this run: the import goes through, the assignment does not.
    await demo.control('PUT', '/__demo/faults', { errorRate: { 'PUT /users/:id/nfc_cards': 1 } })
    try {
      await new RosterRun(
        { store, client: async () => demo.client(), emit: () => undefined, pins: new Map() },
        roster
      ).run()
    } finally {
      await demo.control('DELETE', '/__demo/faults')
    }
    const outcomes = roster.model.outcomes()
    // The console's own 500 to the assignment: a 5xx on a write is to check (it may have saved it).
    expect(outcomes[0]!.state).toBe('to-check')
    // The imported card is on the console; its assignment answered 500 may have been saved: to check,
    // asked of the console before anything is sent again.
    expect(outcomes[1]!.steps.map((s) => [s.step, s.state])).toEqual([
      ['card-import', 'done'],
      ['card-assign', 'unknown']
    ])
    expect(outcomes[1]!.state).toBe('to-check')
    expect(outcomes[1]!.fix).toBe(
      'Run the roster again: the console is asked whether the step was done before anything is sent.'
    )

    await new RosterRun(
      { store, client: async () => demo.client(), emit: () => undefined, pins: new Map() },
      roster
    ).run({
      retryFailed: true
    })
    const after = roster.model.outcomes()
    expect(after[0]!.state).toBe('failed')
    expect(after[0]!.steps[0]!.code).toBe('CODE_CREDS_NFC_HAS_BIND_USER')
    expect(after[1]!.state).toBe('done')
    const held = await cardsByOwner(demo)
    expect(held.get(users[2]!.id)).toHaveLength(1)
    expect(held.get(owner.id)).toEqual([cards[0]!.token])
  })
})
