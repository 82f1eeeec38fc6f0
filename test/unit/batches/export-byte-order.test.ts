import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { toConsoleCsv, toExportCsv } from '../../../src/main/services/batches/csv-export'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { inByteOrder } from '../../../src/shared/nfc/byte-order'
import type { ByteOrder } from '../../../src/shared/batches/schemas'
import type { Demo } from '../access/support'
import { uniqueHex, useUploadHarness, type UploadHarness } from './upload-harness'

/**
 * Import's "Export CSV" read back into a batch of either byte order gives the same cards. A batch
 * holds its rows as sent to the console (reversed, in a reversed batch), and a file's IDs are taken
 * as a reader shows them and sent in the batch's order: an export of a reversed batch re-imported in
 * a reversed batch was reversed twice (a walk found its cards on the console under other IDs). The
 * export names its IDs as sent to the console in a header line, and the reader takes such a file's
 * IDs as the cards they are, whatever the batch's order.
 */
const hexId = fc
  .constantFrom(4, 7, 10)
  .chain((bytes) => fc.uint8Array({ minLength: bytes, maxLength: bytes }))
  .map((b) => Buffer.from(b).toString('hex').toUpperCase())
const sentRows = fc
  .uniqueArray(hexId, { minLength: 1, maxLength: 30 })
  .map((ids) => ids.map((nfcId, i) => ({ nfcId, alias: i % 3 === 0 ? '' : `Card ${i}` })))

/** What the batch sends for a preview's rows (BatchModel.sendAs: the ID as entered, in the batch's order). */
const sentFrom = (text: string, order: ByteOrder) =>
  validateCsv(text, { byteOrder: order })
    .rows.filter((r) => r.status === 'ok' || r.status === 'repaired')
    .map((r) => ({ nfcId: inByteOrder(r.nfcId!, order), alias: r.alias }))

describe('an exported file read back (unit)', () => {
  for (const into of ['as-read', 'reversed'] as const) {
    it(`exported (its IDs as sent, in either order), read into a batch ${into}: the same cards, the same aliases`, () => {
      fc.assert(
        fc.property(sentRows, (rows) => {
          // A batch's rows hold their IDs as sent, whatever its order; so do the export's lines.
          const text = toExportCsv(rows)
          expect(sentFrom(text, into)).toEqual(rows)
        }),
        { numRuns: 100 }
      )
    })
  }

  it('the export says what its IDs are, on its first line; the rest is the console format', () => {
    const text = toExportCsv([{ nfcId: '04A1B2C3', alias: 'Desk' }])
    expect(text.split('\n')[0]).toMatch(/as sent to the console/)
    expect(text.split('\n').slice(1).join('\n')).toBe(toConsoleCsv([{ nfcId: '04A1B2C3', alias: 'Desk' }]))
    const preview = validateCsv(text, { byteOrder: 'reversed' })
    expect(preview.notes.join(' ')).toMatch(/Line 1 .*as sent to the console.*not turned/)
  })

  it('a file without that line is read as a reader shows the IDs: turned in a reversed batch, as before', () => {
    expect(sentFrom('04A1B2C3,Desk\n', 'reversed')).toEqual([{ nfcId: 'C3B2A104', alias: 'Desk' }])
    expect(sentFrom('04A1B2C3,Desk\n', 'as-read')).toEqual([{ nfcId: '04A1B2C3', alias: 'Desk' }])
  })
})

describe('an exported batch uploaded again from a reversed batch (demo console)', () => {
  let h: UploadHarness
  let demo: Demo
  useUploadHarness((started, harness) => {
    demo = started
    h = harness
  })

  it('the cards on the console are the ones of the first batch, not their reverse', async () => {
    const hex = uniqueHex()
    const read = [`04${hex}0000A1`, `04${hex}0000B2`] // as a reader shows them
    const first = await h.service.create({ name: 'Reversed', byteOrder: 'reversed' })
    await h.service.importCsv(first.id, read.map((id, i) => `${id},Rev ${hex} ${i}`).join('\n'))
    const sent = (await h.service.get(first.id)).rows.map((r) => r.nfcId)
    expect(sent).toEqual(read.map((id) => inByteOrder(id, 'reversed')))

    // Exported, and read into a new reversed batch (the first one is never uploaded).
    const file = await h.service.exportCsv(first.id, 'all')
    const again = await h.service.create({ name: 'Again', byteOrder: 'reversed' })
    const { added } = await h.service.importCsv(again.id, file.text)
    expect(added).toBe(2)
    expect((await h.service.get(again.id)).rows.map((r) => r.nfcId)).toEqual(sent)

    expect(await h.service.upload(again.id)).toMatchObject({ imported: 2 })
    for (const id of sent) expect(await h.onConsole(id)).toHaveLength(1)
    for (const id of read) expect(await h.onConsole(id)).toEqual([])
    expect(demo).toBeDefined()
  })
})
