import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RosterRun } from '../../../src/main/services/roster/roster-run'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { cardsByOwner, freshPeople, frozenRoster, nfcHex, row, userRef } from './harness'

/**
 * A run's card import goes through importOneCard, the enrollment line's rule: a card the console came
 * to hold after the plan (nobody's) is that row's card, and an import whose answer was lost is to check.
 */
describe('a roster run importing a card', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('roster-card-import-')
  })
  afterAll(async () => {
    await demo?.stop()
    await dir?.remove()
  })

  it('a card the console took meanwhile, held by nobody, is used and given: not "did not import"', async () => {
    const { users } = await freshPeople(demo, 1)
    const person = userRef(users[0]!)
    const nfcId = nfcHex(900)
    const { store, roster } = await frozenRoster(join(dir.path, 'a'), [row(1, person, { kind: 'import', nfcId })])
    // Planned as new; someone imported it on Import before the run.
    const [meanwhile] = await demo.client().nfcCards.importCsv(`${nfcId}\n`)
    await new RosterRun(
      { store, client: async () => demo.client(), emit: () => undefined, pins: new Map() },
      roster
    ).run()

    const [outcome] = roster.model.outcomes()
    expect(outcome!.steps.map((s) => [s.step, s.state])).toEqual([
      ['card-import', 'done'],
      ['card-assign', 'done']
    ])
    expect((await cardsByOwner(demo)).get(person.id)).toEqual([meanwhile!.token])
  })

  it('an import whose answer was lost is to check, found on the console by the next run, and given once', async () => {
    const { users } = await freshPeople(demo, 1)
    const person = userRef(users[0]!)
    const nfcId = nfcHex(901)
    const { store, roster } = await frozenRoster(join(dir.path, 'b'), [row(1, person, { kind: 'import', nfcId })])
    const deps = { store, client: async () => demo.client(), emit: () => undefined, pins: new Map<string, string>() }
    await demo.control('PUT', '/__demo/faults', {
      afterCommit: { status502: 1, paths: ['POST /credentials/nfc_cards/import'] }
    })
    try {
      await new RosterRun(deps, roster).run()
    } finally {
      await demo.control('DELETE', '/__demo/faults')
    }
    const [lost] = roster.model.outcomes()
    expect(lost!.state).toBe('to-check')
    expect(lost!.steps[0]!.state).toBe('unknown')
    expect(lost!.steps[0]!.reason).toMatch(/^The console's answer was lost/)

    await new RosterRun(deps, roster).run()
    expect(roster.model.outcomes()[0]!.state).toBe('done')
    const cards = (
      await demo.control<{ data: { nfc_id: string; token: string; owner: { id: string } | null }[] }>(
        'GET',
        '/__demo/state/cards'
      )
    ).body.data.filter((c) => c.nfc_id === nfcId)
    expect(cards.map((c) => c.owner?.id)).toEqual([person.id])
  })
})
