import { describe, expect, it } from 'vitest'
import { control } from '../access/support'
import { useAppServices } from '../../support/app-services'
import type { AuditRow } from '../../../src/shared/audit/schemas'

interface StateCard {
  token: string
  display_id: string
  alias: string
  owner: { type: string; id: string } | null
}

/**
 * The app as built (connections gives each profile's audit recorder its own client as the reader): a card
 * deleted from the Cards channel, which names only its token, is named in its audit row by its number and
 * alias as it was, and the Audit filter finds it by its number once the console no longer has it.
 */
describe('the app names a deleted card in its audit row', () => {
  const app = useAppServices()

  it('cards.delete by token: the row carries the number and alias read before the delete', async () => {
    const demo = await app.services.connections.demoConsole()
    const state = async () => (await control<{ data: StateCard[] }>(demo, 'GET', '/__demo/state/cards')).body.data
    const card = (await state()).find((c) => !c.owner && c.alias && /^\d{1,7}$/.test(c.display_id))!
    expect(card).toBeDefined()

    await app.call('cards.delete', { token: card.token })
    expect((await state()).some((c) => c.token === card.token)).toBe(false)

    const { items } = (await app.call('audit.list', { filter: { text: card.display_id } })) as { items: AuditRow[] }
    const row = items.find((r) => r.action === 'delete' && r.target?.id === card.token)
    expect(row?.card).toMatchObject({ token: card.token, number: card.display_id, alias: card.alias })
  })
})
