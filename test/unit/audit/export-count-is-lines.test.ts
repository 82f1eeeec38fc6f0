import { randomBytes } from 'node:crypto'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'

/**
 * Audit → Export CSV says how many rows it saved: the rows the file holds, a line per card of an upload
 * (the lines a site owner filters by NFC ID), never the journal's rows. An upload of three cards is three
 * lines, and the count said agrees with the file, whatever else the journal holds.
 */
describe('Audit’s CSV export counts the rows the file holds', () => {
  const app = useAppServices()
  const demo = demoControl(app)

  it('an upload of three cards is three lines, and the count said is the file’s', async () => {
    const name = `Count-${randomBytes(3).toString('hex')}`
    const { id: batchId } = await app.call('batches.create', { name })
    const ids = [1, 2, 3].map(() => `04${randomBytes(6).toString('hex').toUpperCase()}`)
    for (const uid of ids) await app.call('batches.addScan', { batchId, uid, source: 'typed' })
    await app.call('batches.upload', { batchId })
    // The console holds the three cards the lines name.
    const held = (await demo.held<{ nfc_id?: string }>('cards')).map((c) => c.nfc_id?.toUpperCase())
    for (const id of ids) expect(held).toContain(id)

    const { text, rows } = (await app.call('audit.exportCsv', { timeZone: 'UTC' })) as { text: string; rows: number }
    const { data } = Papa.parse<Record<string, string>>(text.replace(/^\ufeff/, ''), {
      header: true,
      skipEmptyLines: true
    })
    const cardLines = data.filter((r) => r['action'] === 'import' && r['detail']?.includes(name))
    expect(cardLines.map((r) => r['NFC ID'])).toEqual(ids)
    const journalRows = await app.call('audit.list', {})
    // The journal has fewer rows than the file lines (the upload is one row); the count said is the file's.
    expect(journalRows.total).toBeLessThan(data.length)
    expect(rows).toBe(data.length)
  })
})
