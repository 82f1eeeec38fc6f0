import { describe, expect, it } from 'vitest'
import { uniqueHex, useUploadHarness, type UploadHarness } from './upload-harness'

/** The test's own byte reversal (not the code under test's). */
const reversed = (hex: string) => hex.match(/../g)!.reverse().join('')

/**
 * One rule for a batch's byte order: every row is entered as a reader shows the UID (tapped, typed,
 * edited or in a CSV) and sent in the batch's order, whether it was added before or after a switch.
 * The console ends up holding exactly the intended IDs (read from its state), nothing in the other order.
 */
describe("a batch's byte order applies to every row, before and after a switch", () => {
  let h: UploadHarness
  useUploadHarness((_demo, harness) => {
    h = harness
  })

  it('typed, tapped and CSV rows before and after the switch all upload reversed; the console holds exactly those', async () => {
    const hex = uniqueHex()
    const id = (tail: string) => `04${hex}${tail}`
    const typedBefore = id('0E0F01')
    const tappedBefore = id('0E0F02')
    const typedAfter = id('0E0F03')
    const tappedAfter = id('0E0F04')
    const csvAfter = id('0E0F05')
    const editedTo = id('0E0F06')
    const batch = await h.service.create({ name: `Mixed ${hex}` })
    await h.service.addScan(batch.id, typedBefore, `T1-${hex}`, 'typed')
    await h.service.addScan(batch.id, tappedBefore)

    await h.service.rename(batch.id, { byteOrder: 'reversed' })
    // Typed after the switch: treated exactly like the row typed before it.
    const after = await h.service.addScan(batch.id, typedAfter, `T2-${hex}`, 'typed')
    expect(after.row.nfcId).toBe(reversed(typedAfter))
    await h.service.addScan(batch.id, tappedAfter)
    expect((await h.service.importCsv(batch.id, `${csvAfter},C-${hex}\n`)).added).toBe(1)
    // An edit is entered like the rest: the row is then sent reversed too.
    const spare = await h.service.addScan(batch.id, id('0E0F07'), `E-${hex}`, 'typed')
    await h.service.updateRow(batch.id, spare.row.id, { nfcId: editedTo })

    const entered = [typedBefore, tappedBefore, typedAfter, tappedAfter, csvAfter, editedTo]
    expect((await h.service.get(batch.id)).rows.map((r) => r.nfcId)).toEqual(entered.map(reversed))

    // The same cards again, as entered: duplicates, whichever way they come in.
    expect(await h.service.addScan(batch.id, typedAfter, undefined, 'typed')).toMatchObject({ duplicate: true })
    expect(await h.service.addScan(batch.id, typedBefore, undefined, 'typed')).toMatchObject({ duplicate: true })
    const preview = await h.service.previewCsv(`${typedAfter},X-${hex}\n`, batch.id)
    expect(preview.rows.map((r) => [r.status, r.messages])).toEqual([
      ['duplicate', ['This NFC ID is already in the batch']]
    ])

    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 6, imported: 6 })
    for (const uid of entered) {
      expect((await h.onConsole(reversed(uid))).map((c) => c.nfc_id)).toEqual([reversed(uid)])
      expect(await h.onConsole(uid)).toEqual([])
    }
  })

  it('an all-digit ID typed into a reversed batch is sent reversed; a refusal quotes it as typed', async () => {
    const hex = uniqueHex()
    const batch = await h.service.create({ name: `Digits ${hex}`, byteOrder: 'reversed' })
    const digits = '80' + hex.replace(/[A-F]/g, '1')
    const { row } = await h.service.addScan(batch.id, digits, undefined, 'typed')
    expect(row.nfcId).toBe(reversed(digits))
    // Switched back: the row is sent as typed, and nothing else changed.
    await h.service.rename(batch.id, { byteOrder: 'as-read' })
    expect((await h.service.get(batch.id)).rows.map((r) => r.nfcId)).toEqual([digits])
    expect(await h.service.upload(batch.id)).toMatchObject({ imported: 1 })

    // Typed again into another reversed batch: the console holds it (as typed), the message says so.
    const other = await h.service.create({ name: `Digits again ${hex}`, byteOrder: 'reversed' })
    h.service.forgetConsoleCards()
    await expect(h.service.addScan(other.id, digits, undefined, 'typed')).rejects.toMatchObject({
      code: 'NFC_ID_ON_CONSOLE',
      message: expect.stringMatching(new RegExp(`^${digits} is already on the console as card [^ ]+: not added`))
    })
  })
})
