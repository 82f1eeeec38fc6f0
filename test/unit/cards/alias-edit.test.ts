import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { control } from '../access/support'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import { ownerName } from '../../../src/shared/nfc/card-view'

interface HeldCard {
  token: string
  alias: string
  owner_id?: string
  user_id?: string
}

/**
 * A card's alias edited on Cards while the console's own API (another desk) writes the same card:
 * the console's card afterwards, and the audit line of the edit.
 */
describe('card alias: sent only when changed, a clash with the console is a conflict', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const otherDesk = async (method: string, path: string, body?: unknown) =>
    control(await app.services.connections.demoConsole(), method, `/api/v1/developer${path}`, body)

  let used = 0
  /** A free card, and the details opened on it. */
  async function opened(): Promise<NfcCard> {
    const all: NfcCard[] = (await app.services.cards.all(true)).cards
    const free = all.filter((c) => !c.user_id && c.status !== 'deleted')[used++]!
    return app.call('cards.get', { token: free.token })
  }
  const heldAlias = async (token: string) => (await demo.held<HeldCard>('cards')).find((c) => c.token === token)!

  it('the alias written here keeps the owner another desk gave the card meanwhile; the audit line is the alias', async () => {
    const card = await opened()
    const visitor = (await otherDesk('GET', '/visitors?page_size=1')).body as { data: { id: string }[] }
    await otherDesk('PUT', `/visitors/${visitor.data[0]!.id}/nfc_cards`, { token: card.token })

    const answer = await app.call('cards.rename', {
      token: card.token,
      edit: { base: { alias: card.alias }, changes: { alias: 'Dock spare' } }
    })
    expect(answer).toMatchObject({ outcome: 'saved', sent: ['alias'], record: { alias: 'Dock spare' } })
    const after: NfcCard = await app.call('cards.get', { token: card.token })
    expect(after).toMatchObject({ alias: 'Dock spare', user_id: visitor.data[0]!.id })
    expect((await heldAlias(card.token)).alias).toBe('Dock spare')
    const rows = (await app.services.audit.all()).filter((r) => r.endpoint?.id === 'E8' && r.target.id === card.token)
    expect(rows.map((r) => r.detail)).toEqual(['alias (none) → "Dock spare"'])
  })

  it('an alias another card of the console uses is refused, naming that card; nothing is written', async () => {
    const card = await opened()
    const other = await opened()
    await app.call('cards.rename', {
      token: other.token,
      edit: { base: { alias: other.alias }, changes: { alias: 'Gate spare' } }
    })
    const refused = app.call('cards.rename', {
      token: card.token,
      edit: { base: { alias: card.alias }, changes: { alias: 'Gate spare' } }
    })
    await expect(refused).rejects.toMatchObject({
      code: 'ALIAS_IN_USE',
      message: `Alias "Gate spare" is already used by card ${other.display_id}; choose another.`
    })
    expect((await heldAlias(card.token)).alias).toBe(card.alias)
    expect((await demo.held<HeldCard>('cards')).filter((c) => c.alias === 'Gate spare')).toHaveLength(1)
  })

  it('an alias another desk gave a card after the list was read is refused on a fresh read, naming the card and its holder', async () => {
    const card = await opened()
    // A card the kept list holds with another alias: another desk gives it "Lobby 3" after Cards read the list.
    const all: NfcCard[] = (await app.services.cards.all()).cards
    const other = all.find(
      (c) => ownerName(c) && c.token !== card.token && c.status !== 'deleted' && c.alias !== 'Lobby 3'
    )!
    await otherDesk('PUT', `/credentials/nfc_cards/tokens/${other.token}`, { alias: 'Lobby 3' })
    const holder = ownerName(other)

    const refused = app.call('cards.rename', {
      token: card.token,
      edit: { base: { alias: card.alias }, changes: { alias: 'Lobby 3' } }
    })
    await expect(refused).rejects.toMatchObject({
      code: 'ALIAS_IN_USE',
      message: `Alias "Lobby 3" is already used by card ${other.display_id} (${holder}); choose another.`,
      details: { alias: 'Lobby 3', card: other.display_id, owner: holder, hasOwner: 'yes' }
    })
    expect((await heldAlias(card.token)).alias).toBe(card.alias)
    expect((await demo.held<HeldCard>('cards')).filter((c) => c.alias === 'Lobby 3')).toHaveLength(1)
    // The list Cards reads from main now shows the holder with the alias, as the console has it.
    expect((await app.services.cards.all()).cards.find((c) => c.token === other.token)?.alias).toBe('Lobby 3')
  })

  it('an alias renamed on the console since the details opened is a conflict: nothing is written until chosen', async () => {
    const card = await opened()
    await otherDesk('PUT', `/credentials/nfc_cards/tokens/${card.token}`, { alias: 'Lobby 7' })
    const before = (await app.services.audit.all()).length

    const mine = { base: { alias: card.alias }, changes: { alias: 'Dock spare 2' } }
    expect(await app.call('cards.rename', { token: card.token, edit: mine })).toEqual({
      outcome: 'conflicts',
      conflicts: [{ field: 'alias', yours: 'Dock spare 2', theirs: 'Lobby 7' }]
    })
    expect((await heldAlias(card.token)).alias).toBe('Lobby 7')
    expect(await app.services.audit.all()).toHaveLength(before)

    // "Use yours": the base is the console's alias now, so it is written.
    await app.call('cards.rename', {
      token: card.token,
      edit: { base: { alias: 'Lobby 7' }, changes: { alias: 'Dock spare 2' } }
    })
    expect((await heldAlias(card.token)).alias).toBe('Dock spare 2')
  })

  it('a save whose answer was lost is read back: the console holds the new alias, so it is said saved', async () => {
    const card = await opened()
    await demo.faults({ afterCommit: { reset: 1, paths: ['PUT /credentials/nfc_cards/tokens/:token'] } })
    try {
      const answer = await app.call('cards.rename', {
        token: card.token,
        edit: { base: { alias: card.alias }, changes: { alias: 'Büro-Süd-Empfang' } }
      })
      expect(answer).toMatchObject({ outcome: 'saved', sent: ['alias'], record: { alias: 'Büro-Süd-Empfang' } })
    } finally {
      await demo.clearFaults()
    }
    expect((await heldAlias(card.token)).alias).toBe('Büro-Süd-Empfang')
    const row = (await app.services.audit.all()).find((r) => r.endpoint?.id === 'E8' && r.target.id === card.token)
    expect(row?.outcome).toBe('ok')
  })
})
