import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RosterRun, type RunDeps } from '../../../src/main/services/roster/roster-run'
import { RosterJournal } from '../../../src/main/services/roster/roster-journal'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { pinHash } from '../../../src/demo-console/state/seed'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'
import { cardsByOwner, freeCards, freshPeople, frozenRoster, row, userRef } from './harness'

/**
 * A roster step whose answer was lost leaves its Audit row "To check". Whatever settles the step settles
 * that row too, for every step kind by one mechanism (roster-audit.ts): the check that reads the
 * console back (a card found on the person: Done; not there: Not done; a PIN told by the one held before
 * the try), or, for a PIN the check cannot tell (nothing read before the try), the retry that gives a new
 * one: the first try's row then reads "Replaced by the retry", linked to the retry's row. Nothing stays "To check" once the roster says Done.
 */
describe('a roster retry settles the Audit row of the try it replaces', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>
  let audit: AuditService

  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('roster-retry-audit-')
    audit = new AuditService({
      dir: join(dir.path, 'audit'),
      store: memoryStore(),
      activeConsole: async () => null,
      desk: { user: 'ana', host: 'desk-7' }
    })
  })
  afterAll(async () => {
    await audit?.close()
    await demo?.stop()
    await dir?.remove()
  })

  const client = () => demo.client('full', { onWrite: audit.recorder({ name: 'Demo console', url: 'https://demo' }) })
  const rowsOf = async (personId: string, endpoint: string): Promise<AuditRow[]> =>
    // Oldest first.
    (await audit.all()).filter((r) => r.target.id === personId && r.endpoint.id === endpoint)
  /**
   * A client whose reads of a person fail: the PIN held before a try cannot be read, so a PIN answer lost
   * cannot be told by the check (roster-run.ts) and is left to "Check and retry".
   */
  const blind = () => {
    const c = client()
    c.users.get = () => Promise.reject(new Error('read refused'))
    return c
  }
  const lose = (path: string) => demo.control('PUT', '/__demo/faults', { afterCommit: { status500: 1, paths: [path] } })

  it('a PIN answered 500 whose try read the PIN held before: the check finds it given, Done with its digits not known, and the try reads Done', async () => {
    const { users } = await freshPeople(demo, 1)
    const person = userRef(users[0]!)
    const { store, roster } = await frozenRoster(join(dir.path, 'pin-told'), [
      row(1, person, { kind: 'none' }, { pin: true })
    ])
    const pins = new Map<string, string>()
    roster.model.pinDigits = pins
    const deps: RunDeps = { store, client: async () => client(), emit: () => undefined, pins, audit }
    await lose('PUT /users/*/pin_codes')
    try {
      await new RosterRun(deps, roster).run()
    } finally {
      await demo.control('DELETE', '/__demo/faults')
    }
    expect(roster.model.outcomes()[0]!.state).toBe('to-check')
    const given = (await demo.client().users.get(person.id)).pin_code?.token
    expect(given).toBeTruthy()
    await new RosterRun(deps, roster).run({ retryFailed: true })
    expect(roster.model.outcomes()[0]).toMatchObject({ state: 'done', pin: 'digits-lost' })
    // No second PIN: the one the lost try gave.
    expect((await demo.client().users.get(person.id)).pin_code?.token).toBe(given)
    expect(pins.size).toBe(0)
    const tries = await rowsOf(person.id, '§3.9')
    expect(tries).toHaveLength(1)
    expect(tries[0]).toMatchObject({ outcome: 'ok' })
  })

  it('a PIN answered 500 with nothing read before, checked and retried: one PIN on the console (the retry’s), the first try "Replaced by the retry"', async () => {
    const { users } = await freshPeople(demo, 1)
    const person = userRef(users[0]!)
    const { store, roster } = await frozenRoster(join(dir.path, 'pin'), [
      row(1, person, { kind: 'none' }, { pin: true })
    ])
    const pins = new Map<string, string>()
    const deps: RunDeps = { store, client: async () => client(), emit: () => undefined, pins, audit }
    await lose('PUT /users/*/pin_codes')
    try {
      await new RosterRun({ ...deps, client: async () => blind() }, roster).run()
    } finally {
      await demo.control('DELETE', '/__demo/faults')
    }
    expect(roster.model.outcomes()[0]!.state).toBe('to-check')
    // "Check and retry": the check finds a PIN it cannot read; the retry gives a new one.
    await new RosterRun(deps, roster).run({ retryFailed: true })
    expect(roster.model.outcomes()[0]!.state).toBe('done')

    // The console: the person holds one PIN, the retry's (the one on the slip).
    const held = await demo.client().users.get(person.id)
    expect(held.pin_code?.token).toBe(pinHash(pins.get('r2')!))

    const [first, retry] = await rowsOf(person.id, '§3.9')
    expect(retry).toMatchObject({ outcome: 'ok' })
    expect(first).toMatchObject({ outcome: 'notDone', said: { key: 'replaced', by: retry!.id } })
    expect(first!.message).toMatch(/^Replaced by the retry/)
  })

  it('after a restart of both journals, the retry still settles the first try (they are linked on disk)', async () => {
    const { users } = await freshPeople(demo, 1)
    const person = userRef(users[0]!)
    const where = join(dir.path, 'restart')
    const first = await frozenRoster(where, [row(1, person, { kind: 'none' }, { pin: true })])
    await lose('PUT /users/*/pin_codes')
    try {
      const deps: RunDeps = {
        store: first.store,
        client: async () => blind(),
        emit: () => undefined,
        pins: new Map(),
        audit
      }
      await new RosterRun(deps, first.roster).run()
    } finally {
      await demo.control('DELETE', '/__demo/faults')
    }
    await first.store.close()
    await audit.close()
    // The app again: each journal read back from disk.
    audit = new AuditService({
      dir: join(dir.path, 'audit'),
      store: memoryStore(),
      activeConsole: async () => null,
      desk: { user: 'ana', host: 'desk-7' }
    })
    const store = new RosterJournal(where)
    const roster = await store.get('roster-1')
    const pins = new Map<string, string>()
    const deps: RunDeps = { store, client: async () => client(), emit: () => undefined, pins, audit }
    await new RosterRun(deps, roster).run({ retryFailed: true })
    expect(roster.model.outcomes()[0]!.state).toBe('done')
    expect((await demo.client().users.get(person.id)).pin_code?.token).toBe(pinHash(pins.get('r2')!))
    const [lost, retry] = await rowsOf(person.id, '§3.9')
    expect(lost).toMatchObject({ outcome: 'notDone', said: { key: 'replaced', by: retry!.id } })
    await store.close()
  })

  it('a card assignment answered 500: the check finds the card on the person, and the try reads Done', async () => {
    const { users } = await freshPeople(demo, 1)
    const person = userRef(users[0]!)
    const card = (await freeCards(demo))[0]!
    const { store, roster } = await frozenRoster(join(dir.path, 'card'), [
      row(1, person, { kind: 'existing', nfcId: 'X', token: card.token, displayId: card.display_id })
    ])
    const deps: RunDeps = { store, client: async () => client(), emit: () => undefined, pins: new Map(), audit }
    await lose('PUT /users/*/nfc_cards')
    try {
      await new RosterRun(deps, roster).run()
    } finally {
      await demo.control('DELETE', '/__demo/faults')
    }
    const [lost] = await rowsOf(person.id, '§3.7')
    expect(lost).toMatchObject({ outcome: 'unknown' })
    // Resume: the check reads the console back.
    await new RosterRun(deps, roster).run()
    expect(roster.model.outcomes()[0]!.state).toBe('done')
    expect((await cardsByOwner(demo)).get(person.id)).toHaveLength(1)
    const rows = await rowsOf(person.id, '§3.7')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ outcome: 'ok', said: { key: 'settled', done: true } })
  })
})
