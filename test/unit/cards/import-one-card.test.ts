import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CARD_NOT_IMPORTED, importOneCard } from '../../../src/main/services/cards/import-one-card'
import { startDemo, type Demo } from '../access/support'
import { sayError } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'
import errorsEs from '../../../src/shared/i18n/messages/errors/es.json'

interface HeldCard {
  token: string
  nfc_id: string
  display_id: string
  alias: string
  owner: { id: string } | null
}

/**
 * The one "import a card, then its token" of the roster run and the enrollment line, against the demo
 * console: what the console holds afterwards is read from its own state.
 */
describe('importOneCard', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(async () => {
    await demo?.stop()
  })
  afterEach(async () => {
    await demo.control('DELETE', '/__demo/faults')
  })

  const held = async (nfcId: string) =>
    (await demo.control<{ data: HeldCard[] }>('GET', '/__demo/state/cards')).body.data.filter((c) => c.nfc_id === nfcId)
  const addUser = async (first_name: string, last_name: string) =>
    (await demo.control<{ data: { id: string } }>('POST', '/__demo/users', { first_name, last_name })).body.data.id

  it('imports a new card and answers its token and number', async () => {
    const outcome = await importOneCard(demo.client(), { nfcId: '04C1C2C3C4C501', filename: 'one.csv' })
    const [card] = await held('04C1C2C3C4C501')
    expect(card).toBeDefined()
    expect(outcome).toEqual({
      state: 'done',
      card: { token: card!.token, displayId: card!.display_id },
      found: false
    })
  })

  it('a card the console already holds for nobody: that card, no second record', async () => {
    const client = demo.client()
    const [before] = await client.nfcCards.importCsv('04C1C2C3C4C502\n')
    const outcome = await importOneCard(client, { nfcId: '04C1C2C3C4C502', filename: 'one.csv' })
    expect(outcome).toMatchObject({ state: 'done', card: { token: before!.token }, found: true })
    expect((await held('04C1C2C3C4C502')).map((c) => c.token)).toEqual([before!.token])
  })

  it("a card someone holds: failed, naming the card and its holder; the console's card is left as it was", async () => {
    const client = demo.client()
    const [card] = await client.nfcCards.importCsv('04C1C2C3C4C503\n')
    const owner = await addUser('Ada', 'Holder')
    await client.users.assignNfc(owner, card!.token)
    const number = (await held('04C1C2C3C4C503'))[0]!.display_id
    const outcome = await importOneCard(client, { nfcId: '04C1C2C3C4C503', filename: 'one.csv' })
    expect(outcome).toMatchObject({ state: 'failed', code: CARD_NOT_IMPORTED })
    if (outcome.state === 'done') throw new Error('expected a failure')
    expect(outcome.error.message).toBe(`Card ${number} is already Ada Holder's card on the console.`)
    expect(outcome.reason).toBe(
      `Card ${number} is already Ada Holder's card on the console. Use another card, or take this one back on Cards first.`
    )
    expect((await held('04C1C2C3C4C503')).map((c) => [c.token, c.owner?.id])).toEqual([[card!.token, owner]])
  })

  it('a card the console holds as a UA card (no NFC ID shown): failed, worded in every language, advising another card — no search, no retry', async () => {
    const client = demo.client()
    // A seeded card, as a site's cards enrolled on UA readers are: numbered by the console ("100001"),
    // its NFC ID not shown, held by someone.
    const all = (await demo.control<{ data: HeldCard[] }>('GET', '/__demo/state/cards')).body.data
    const ua = all.find((c) => c.owner && /^1\d{5}$/.test(c.display_id))!
    const before = await held(ua.nfc_id)
    expect(before.map((c) => c.token)).toEqual([ua.token])

    const outcome = await importOneCard(client, { nfcId: ua.nfc_id, filename: 'one.csv' })
    if (outcome.state !== 'failed') throw new Error('expected a failure')
    expect(outcome.code).toBe(CARD_NOT_IMPORTED)
    expect(outcome.error.details).toMatchObject({ said: 'uncompared', nfcId: ua.nfc_id })
    // Never the circle: Cards cannot find it by NFC ID, and importing it again is refused alike.
    expect(outcome.reason).not.toMatch(/look for|on Cards/i)
    expect(outcome.reason).toMatch(/use another card for this person\.$/)
    // Kept as facts, so a desk says it in its language (not main's English under Spanish).
    const kept = outcome.said?.[0]
    if (kept?.key !== 'error') throw new Error('expected the error kept as facts')
    const spanish = sayError({ ...kept.error, retryable: false }, new Translator('es', errorsEs))
    expect(spanish.english).toBeFalsy()
    expect(spanish.message).toMatch(new RegExp(`^La consola no importó la tarjeta ${ua.nfc_id}: lo más probable`))
    // The console's card is left as it was, still its holder's.
    expect(await held(ua.nfc_id)).toEqual(before)
  })

  it('an alias another card uses: failed with that reason, nothing imported', async () => {
    const client = demo.client()
    const [other] = await client.nfcCards.importCsv('04C1C2C3C4C504,Desk-7\n')
    const number = (await held('04C1C2C3C4C504'))[0]!.display_id
    expect(other!.token).not.toBe('')
    const outcome = await importOneCard(client, { nfcId: '04C1C2C3C4C505', alias: 'Desk-7', filename: 'one.csv' })
    expect(outcome).toMatchObject({
      state: 'failed',
      code: CARD_NOT_IMPORTED,
      reason: `The console did not import the card 04C1C2C3C4C505: its alias "Desk-7" is card ${number}'s. Aliases are unique on the console: give this card another alias, or use another card.`
    })
    expect(await held('04C1C2C3C4C505')).toEqual([])
  })

  it('the import answer lost after the console imported it: to check; importing again finds that card', async () => {
    const client = demo.client()
    await demo.control('PUT', '/__demo/faults', {
      afterCommit: { status502: 1, paths: ['POST /credentials/nfc_cards/import'] }
    })
    const lost = await importOneCard(client, { nfcId: '04C1C2C3C4C506', filename: 'one.csv' })
    expect(lost.state).toBe('unknown')
    if (lost.state === 'done') throw new Error('expected the answer lost')
    expect(lost.reason).toMatch(
      /^The console's answer was lost \(.+\): it is checked with the console before anything is sent again\.$/
    )
    // The console did import it.
    const [card] = await held('04C1C2C3C4C506')
    expect(card).toBeDefined()

    await demo.control('DELETE', '/__demo/faults')
    const again = await importOneCard(client, { nfcId: '04C1C2C3C4C506', filename: 'one.csv' })
    expect(again).toMatchObject({ state: 'done', card: { token: card!.token }, found: true })
    expect(await held('04C1C2C3C4C506')).toHaveLength(1)
  })

  it('the connection cut after the console imported it: to check too', async () => {
    await demo.control('PUT', '/__demo/faults', {
      afterCommit: { reset: 1, paths: ['POST /credentials/nfc_cards/import'] }
    })
    const lost = await importOneCard(demo.client(), { nfcId: '04C1C2C3C4C507', filename: 'one.csv' })
    expect(lost.state).toBe('unknown')
    expect(await held('04C1C2C3C4C507')).toHaveLength(1)
  })

  it('a refusal the console answered is failed, with its code (nothing to check)', async () => {
    const outcome = await importOneCard(demo.client('view'), { nfcId: '04C1C2C3C4C508', filename: 'one.csv' })
    expect(outcome.state).toBe('failed')
    if (outcome.state === 'done') throw new Error('expected a refusal')
    expect(outcome.error.kind).toBe('permission')
    expect(await held('04C1C2C3C4C508')).toEqual([])
  })
})
