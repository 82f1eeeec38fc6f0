import { describe, expect, it } from 'vitest'
import { uniqueHex, useUploadHarness, type UploadHarness } from './upload-harness'

/**
 * Aliases are unique on the console (E16): a CSV line whose alias a console card already uses would
 * fail at import. The preview flags it like an NFC ID the console holds, from the same card list.
 */
describe('CSV preview: aliases the console already uses', () => {
  let h: UploadHarness
  useUploadHarness((_demo, harness) => {
    h = harness
  })

  it('flags the line as a duplicate naming the card, adds nothing of it, and the console is unchanged', async () => {
    const hex = uniqueHex()
    const [taken] = await h.client.nfcCards.importCsv(`2A${hex},Taken-${hex}\n`)
    const number = (await h.onConsole(taken!.nfc_id))[0]!.display_id
    const batch = await h.service.create({ name: 'Aliases' })
    const csv = `2B${hex}0A0B01,Taken-${hex}\n2B${hex}0A0B02,Free-${hex}\n`
    const preview = await h.service.previewCsv(csv, batch.id)
    expect(preview.rows.map((r) => [r.status, r.messages])).toEqual([
      ['duplicate', [`Alias "Taken-${hex}" is already used on the console by card ${number}; aliases must be unique`]],
      ['ok', []]
    ])
    expect((await h.service.importCsv(batch.id, csv)).added).toBe(1)
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 1, imported: 1, failed: 0 })
    expect(await h.onConsole(`2B${hex}0A0B01`)).toEqual([])
    expect(await h.onConsole(`2B${hex}0A0B02`)).toMatchObject([{ alias: `Free-${hex}` }])
  })
})
