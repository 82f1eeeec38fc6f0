import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import type { AppErrorData } from '../../../src/shared/errors'

interface HeldCard {
  token: string
  alias: string
}

const E8 = 'PUT /credentials/nfc_cards/tokens/:token'

/**
 * An alias save the console answered with its own server error (500 CODE_SYSTEM_ERROR): a 5xx is the
 * server failing, so whether it saved is not known from the answer (access/lost-answer.ts). The card is
 * read back: what the console holds is what Cards says, and the audit row says the same.
 */
describe("an alias save answered by the console's own 500", () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })

  let used = 0
  async function opened(): Promise<NfcCard> {
    const all: NfcCard[] = (await app.services.cards.all(true)).cards
    const free = all.filter((c) => !c.user_id && c.status !== 'deleted')[used++]!
    return app.call('cards.get', { token: free.token })
  }
  const heldAlias = async (token: string) => (await demo.held<HeldCard>('cards')).find((c) => c.token === token)!.alias
  const rowOf = async (token: string) =>
    (await app.services.audit.all()).filter((r) => r.endpoint?.id === 'E8' && r.target.id === token)

  it('after it saved the alias: read back and said saved; the audit row settled done', async () => {
    const card = await opened()
    await demo.faults({ afterCommit: { status500: 1, paths: [E8] } })
    const answer = await app.call('cards.rename', {
      token: card.token,
      edit: { base: { alias: card.alias }, changes: { alias: 'Front desk spare' } }
    })
    expect(answer).toMatchObject({ outcome: 'saved', record: { alias: 'Front desk spare' } })
    expect(await heldAlias(card.token)).toBe('Front desk spare')
    const rows = await rowOf(card.token)
    expect(rows.map((r) => [r.outcome, r.said])).toEqual([['ok', { key: 'settled', done: true }]])
  })

  it('before it saved anything: read back and said not saved, trying again is safe; the audit row settled not done', async () => {
    const card = await opened()
    await demo.faults({ errorRate: { [E8]: 1 } })
    const error: AppErrorData = await app
      .call('cards.rename', {
        token: card.token,
        edit: { base: { alias: card.alias }, changes: { alias: 'Back office spare' } }
      })
      .then(
        () => {
          throw new Error('expected a refusal')
        },
        (err: AppErrorData) => err
      )
    expect([error.details?.['outcome'], error.hint]).toEqual([
      'not-done',
      'Nothing was changed on the console, so trying again is safe.'
    ])
    expect(await heldAlias(card.token)).toBe(card.alias)
    const rows = await rowOf(card.token)
    expect(rows.map((r) => [r.outcome, r.said])).toEqual([['notDone', { key: 'settled', done: false }]])
  })
})
