import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RosterRun } from '../../../src/main/services/roster/roster-run'
import { cardWords, resultCardWords } from '../../../src/renderer/src/screens/roster/card-words'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { freshPeople, frozenRoster, row, userRef } from './harness'
import { rosterInEnglish } from '../../support/roster-english'

rosterInEnglish()

type ConsoleCard = { token: string; nfc_id: string; display_id: string; owner: { id: string } | null }

/**
 * A roster whose card column holds NFC IDs: the plan says "New card 7B000000", and the results must name
 * the same card by the same value (the file's cell) with the console's display ID beside it, never the
 * console's number alone, or a results row cannot be matched to its line of the file.
 */
describe('a roster card is named as the file gave it, in the plan and in the results', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('roster-card-named-')
  })
  afterAll(async () => {
    await demo?.stop()
    await dir?.remove()
  })

  it('New card 7B000000 in the plan is 7B000000 (display ID …) in the results, the console holding it for the person', async () => {
    const { users } = await freshPeople(demo, 1)
    const person = userRef(users[0]!)
    const nfcId = '7B000000'
    const planned = row(1, person, { kind: 'import', nfcId })
    const { store, roster } = await frozenRoster(join(dir.path, 'a'), [planned])
    expect(cardWords(planned.card)).toBe('New card 7B000000')

    await new RosterRun(
      { store, client: async () => demo.client(), emit: () => undefined, pins: new Map() },
      roster
    ).run()

    // The console imported the card and gave it to the person; its display ID is its own number.
    const cards = (await demo.control<{ data: ConsoleCard[] }>('GET', '/__demo/state/cards')).body.data
    const card = cards.find((c) => c.nfc_id.toUpperCase() === nfcId)
    expect(card?.owner?.id).toBe(person.id)
    expect(card!.display_id).not.toBe(nfcId)

    const [outcome] = roster.model.outcomes()
    expect(outcome!.state).toBe('done')
    // The file's value first, as the plan named it; the console's number beside it.
    expect(resultCardWords(planned, outcome)).toBe(`7B000000 (display ID ${card!.display_id})`)
  })

  it("a card the console holds already is named by the file's value in the plan too, its display ID beside it", () => {
    const person = { type: 'user' as const, id: 'u1', name: 'Bo Li' }
    const existing = row(1, person, { kind: 'existing', nfcId: '7B000001', token: 't1', displayId: '2063597569' })
    expect(cardWords(existing.card)).toBe('Card 7B000001 (display ID 2063597569)')
    // A console whose display ID is the NFC ID itself says it once.
    const same = row(1, person, { kind: 'existing', nfcId: '7B000001', token: 't1', displayId: '7b000001' })
    expect(cardWords(same.card)).toBe('Card 7B000001')
  })
})
