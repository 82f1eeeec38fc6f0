import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { control } from '../access/support'
import type { PlanRow } from '../../../src/shared/roster/sheet'

/**
 * A roster whose card cell writes an import batch's card in the other byte order, run on the console:
 * that cell names the batch row (one card), the next row asking for "a batch card" gets the batch's
 * other card, and the console holds each physical card once, with the right person.
 */
describe('a roster taking cards from a batch written in the other byte order', () => {
  const app = useAppServices()

  it('gives each physical card once', async () => {
    const demo = await app.services.connections.demoConsole()
    const addUser = async (first: string) =>
      (
        await control<{ data: { id: string } }>(demo, 'POST', '/__demo/users', {
          first_name: first,
          last_name: 'Byteorder',
          email: `${first.toLowerCase()}.byteorder@example.com`
        })
      ).body.data.id
    const ids = { ana: await addUser('Ana'), ben: await addUser('Ben') }

    const batch = await app.call('batches.create', { name: 'Lobby cards' })
    await app.call('batches.addScan', { batchId: batch.id, uid: '04A23B7F', source: 'typed' })
    await app.call('batches.addScan', { batchId: batch.id, uid: '04A23B80', source: 'typed' })

    // Ana's cell names the batch's first card reversed; Ben's is empty: the next batch card.
    const csv = ['Email,Card', 'ana.byteorder@example.com,7F3BA204', 'ben.byteorder@example.com,'].join('\r\n')
    const opened = await app.call('roster.open', { fileName: 'lobby.csv', data: Buffer.from(csv).toString('base64') })
    const id: string = opened.summary.id
    const plan = await app.call('roster.plan', {
      id,
      mapping: { email: 0, card: 1 },
      options: { cards: 'batch', batchId: batch.id, pin: 'none', touchPass: 'none' }
    })
    const rows = plan.rows as PlanRow[]
    expect(rows.map((r) => r.card)).toMatchObject([
      { kind: 'batch', nfcId: '04A23B7F' },
      { kind: 'batch', nfcId: '04A23B80' }
    ])
    expect(await app.call('roster.run', { id })).toEqual({ started: true })
    await app.services.rosters.idle(id)

    const cards = (
      await control<{ data: { nfc_id: string; owner?: { id: string } | null }[] }>(demo, 'GET', '/__demo/state/cards')
    ).body.data
    const held = (nfcIds: string[]) => cards.filter((c) => nfcIds.includes(c.nfc_id)).map((c) => c.owner?.id ?? null)
    expect(held(['04A23B7F', '7F3BA204'])).toEqual([ids.ana])
    expect(held(['04A23B80', '803BA204'])).toEqual([ids.ben])
  })
})
