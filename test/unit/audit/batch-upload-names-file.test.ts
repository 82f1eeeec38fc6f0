import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'

type HeldCard = { nfc_id?: string; alias?: string; status?: string }
type AuditPage = { items: { action: string; detail?: string; outcome: string }[] }

/**
 * A batch's rows read from a CSV keep the file's name, and the audit row of their upload names it
 * beside the batch: a search of the Audit for "cards-cp1252.csv" finds the upload of its cards (as a
 * roster's import names its file). Rows tapped or typed name no file.
 */
describe('the audit row of a batch upload names the CSV files its rows came from', () => {
  const app = useAppServices()
  const demo = demoControl(app)

  it('found by the file name, in English and in German; the console holds the cards', async () => {
    const name = `Files-${randomBytes(3).toString('hex')}`
    const { id: batchId } = await app.call('batches.create', { name })
    const ids = [1, 2].map(() => `04${randomBytes(6).toString('hex').toUpperCase()}`)
    const typed = `04${randomBytes(6).toString('hex').toUpperCase()}`
    await app.call('batches.importFile', {
      batchId,
      text: `${ids[0]},Müller\n${ids[1]},Imp-02\n`,
      fileName: 'cards-cp1252.csv',
      limit: 10
    })
    await app.call('batches.addScan', { batchId, uid: typed, source: 'typed' })
    await app.call('batches.upload', { batchId })

    const held = (await demo.held<HeldCard>('cards')).filter((c) => c.status !== 'deleted')
    for (const id of [...ids, typed]) expect(held.filter((c) => c.nfc_id?.toUpperCase() === id)).toHaveLength(1)

    const found = (await app.call('audit.list', { filter: { text: 'cards-cp1252.csv' } })) as AuditPage
    expect(found.items.map((r) => [r.action, r.outcome, r.detail])).toEqual([
      ['import', 'ok', `3 cards from batch “${name}”, with rows from cards-cp1252.csv; 3 imported, 0 not imported`]
    ])
    const inGerman = (await app.call('audit.list', {
      filter: { text: 'mit Zeilen aus cards-cp1252.csv', language: 'de' }
    })) as AuditPage
    expect(inGerman.items).toHaveLength(1)
  })
})
