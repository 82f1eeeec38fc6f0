import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { control } from '../access/support'
import { cardNfcId } from '../../../src/shared/nfc/card-number'

interface HeldCard {
  token: string
  display_id: string
  status: string
  owner: { type: string; id: string } | null
}

/**
 * Every Enroll write's audit row names the person and the card as the screen named them, whatever the
 * outcome: the console cutting every connection (its reads before the write too) leaves the row
 * "enrollment bind · Elif Ng", with the card's number and NFC ID, never a bare id and no card.
 */
describe("Enroll's audit rows name the person and card as the screen did", () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })
  const otherDesk = async (method: string, path: string, body?: unknown) =>
    control(await app.services.connections.demoConsole(), method, `/api/v1/developer${path}`, body)
  let n = 0

  for (const kind of ['plain', 'take-over'] as const) {
    it(`a ${kind} give cut by the console: its row names Elif and the card`, async () => {
      const name = `Elif Named${++n}`
      const elif = (await demo.addUser({ first_name: 'Elif', last_name: `Named${n}` })).id
      const card = (await demo.held<HeldCard>('cards')).find((c) => c.status === 'pending' && !c.owner)!
      if (kind === 'take-over') {
        const ada = (await demo.addUser({ first_name: 'Ada', last_name: `Held${n}` })).id
        await otherDesk('PUT', `/users/${ada}/nfc_cards`, { token: card.token, force_add: true })
      }
      const before = (await app.services.audit.all()).length
      await demo.faults({ resetRate: 1 })
      await app
        .call('enroll.assign', {
          token: card.token,
          owner: { type: 'user', id: elif, name },
          cardId: card.display_id,
          force: kind === 'take-over'
        })
        .catch(() => undefined)
      await demo.clearFaults()
      const rows = (await app.services.audit.all()).slice(before)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        action: 'enrollment bind',
        target: { id: elif, name },
        card: { token: card.token, number: card.display_id }
      })
      // Its NFC ID too, where the number is a card's UID (as Cards shows it).
      const nfc = cardNfcId(card.display_id)
      expect(rows[0]!.card?.nfcId).toBe(nfc?.hex)
    })
  }
})
