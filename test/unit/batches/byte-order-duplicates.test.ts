import { describe, expect, it } from 'vitest'
import { ScanSession } from '../../../src/main/services/batches/scan-session'
import { isRandomUid, nfcUidFormats } from '../../../src/shared/nfc/uid'
import type { ReaderCard } from '../../../src/shared/reader/schemas'
import type { TapResult } from '../../../src/shared/batches/tap'
import { uniqueHex, useUploadHarness, type UploadHarness } from './upload-harness'

/** The test's own byte reversal (not the code under test's). */
const reversed = (hex: string) => hex.match(/../g)!.reverse().join('')

/** A tap as the reader supervisor reports it. */
function tap(uid: string, at: number): ReaderCard {
  return {
    reader: 'ACS ACR122U PICC Interface 00 00',
    uid,
    atr: '3B8F8001804F0CA000000306030001000000006A',
    standard: 'TAG_ISO_14443_3',
    formats: nfcUidFormats(uid),
    randomUid: isRandomUid(uid),
    at
  }
}

/**
 * A batch's byte order applies to all its rows, and a card is one card in either byte order: taps,
 * typed IDs and CSV lines of a card already in the batch are duplicates, before and after the byte
 * order is switched, and the console ends up holding each card once (read from its state).
 */
describe('one card in either byte order', () => {
  let h: UploadHarness
  useUploadHarness((_demo, harness) => {
    h = harness
  })

  const session = (events: TapResult[]) =>
    new ScanSession({
      batches: h.service,
      beep: async () => true,
      emit: (event, payload) => {
        if (event === 'batches.tap') events.push(payload as TapResult)
      }
    })

  /** How many console cards hold this card, in either byte order. */
  const heldTimes = async (uid: string) => (await h.onConsole(uid)).length + (await h.onConsole(reversed(uid))).length

  it('taps, a switch of byte order, the same cards again: duplicates; the console holds each card once', async () => {
    const hex = uniqueHex()
    // 7-byte UIDs as a reader reads them (NXP: 04 first).
    const [a, b, c] = ['0A0B01', '0A0B02', '0A0B03'].map((tail) => `04${hex}${tail}`) as [string, string, string]
    const events: TapResult[] = []
    const scans = session(events)
    const batch = await h.service.create({ name: 'Lobby', aliasPattern: `L${hex}-{n}` })
    await scans.select(batch.id)
    expect(await scans.tap(tap(a, 1))).toMatchObject({ kind: 'added', nfcId: a })
    expect(await scans.tap(tap(b, 2))).toMatchObject({ kind: 'added', nfcId: b })

    // The switch turns every row: the batch is sent reversed, all of it.
    await h.service.rename(batch.id, { byteOrder: 'reversed' })
    expect((await h.service.get(batch.id)).rows.map((r) => r.nfcId)).toEqual([reversed(a), reversed(b)])

    // The same cards tapped again: duplicates, answered with the row that holds them.
    expect(await scans.tap(tap(a, 3))).toEqual({ kind: 'duplicate', alias: `L${hex}-1`, nfcId: reversed(a) })
    expect(await scans.tap(tap(b, 4))).toEqual({ kind: 'duplicate', alias: `L${hex}-2`, nfcId: reversed(b) })
    expect(events.map((e) => e.outcome.kind)).toEqual(['added', 'added', 'duplicate', 'duplicate'])
    // Typed in either order, or in a CSV: the same cards.
    for (const typed of [a, reversed(a), a.toLowerCase().match(/../g)!.join(':')]) {
      expect(await h.service.addScan(batch.id, typed, 'Typed', 'typed')).toMatchObject({
        duplicate: true,
        row: { nfcId: reversed(a), alias: `L${hex}-1` }
      })
    }
    const preview = await h.service.previewCsv(`${a},X${hex}\n${reversed(b)},Y${hex}\n`, batch.id)
    expect(preview.rows.map((r) => [r.status, r.messages])).toEqual([
      // A file's IDs are entered IDs, compared with the rows as they were entered (tapped).
      ['duplicate', ['This NFC ID is already in the batch']],
      ['duplicate', [`This card is already in the batch as ${b} (the same bytes in the other order)`]]
    ])
    expect((await h.service.importCsv(batch.id, `${a},X${hex}\n`)).added).toBe(0)

    // A new card follows the batch's order.
    expect(await scans.tap(tap(c, 5))).toMatchObject({ kind: 'added', nfcId: reversed(c) })
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 3, imported: 3, failed: 0 })
    for (const uid of [a, b, c]) {
      expect(await heldTimes(uid)).toBe(1)
      expect(await h.onConsole(reversed(uid))).toHaveLength(1)
    }

    // Once cards are on the console in one order, the batch's order cannot change (it would not apply to them).
    await expect(h.service.rename(batch.id, { byteOrder: 'as-read' })).rejects.toMatchObject({
      code: 'BYTE_ORDER_LOCKED',
      message: expect.stringContaining('3 cards of this batch are (or may be) on the console with their bytes reversed')
    })
    const after = await h.service.get(batch.id)
    expect(after.byteOrder).toBe('reversed')
    expect(after.rows.map((r) => r.nfcId)).toEqual([reversed(a), reversed(b), reversed(c)])
    // Tapped after the upload: still the same cards.
    expect(await scans.tap(tap(a, 6))).toMatchObject({ kind: 'duplicate' })
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 0 })
    for (const uid of [a, b, c]) expect(await heldTimes(uid)).toBe(1)
  })

  it('a switch back and forth, and a restart, keep one row per card; an edit to a card held by another row is refused', async () => {
    const hex = uniqueHex()
    const a = `04${hex}0C0D01`
    const batch = await h.service.create({ name: 'Turns' })
    await h.service.addScan(batch.id, a)
    await h.service.rename(batch.id, { byteOrder: 'reversed' })
    await h.service.rename(batch.id, { byteOrder: 'reversed' })
    expect((await h.service.get(batch.id)).rows.map((r) => r.nfcId)).toEqual([reversed(a)])
    await h.service.rename(batch.id, { byteOrder: 'as-read' })
    const service = await h.reopen()
    expect((await service.get(batch.id)).rows.map((r) => r.nfcId)).toEqual([a])
    expect(await service.addScan(batch.id, a)).toMatchObject({ duplicate: true })
    expect(await service.addScan(batch.id, reversed(a), undefined, 'typed')).toMatchObject({ duplicate: true })
    // An edit to the card's other order is the same card: allowed on its own row, refused on another.
    const other = await service.addScan(batch.id, `04${hex}0C0D02`)
    await expect(service.updateRow(batch.id, other.row.id, { nfcId: reversed(a) })).rejects.toMatchObject({
      code: 'NFC_ID_TAKEN',
      message: `Another row of this batch has this card: ${a} is this NFC ID with its bytes reversed.`
    })
    expect((await service.get(batch.id)).rows).toHaveLength(2)
  })

  it('two cards whose UIDs are each other reversed count as one card; a UID that reads the same reversed is one card', async () => {
    const hex = uniqueHex()
    // Neither starts with 08 (a random UID, refused).
    const one = `04${hex.slice(0, 4)}1C`
    const batch = await h.service.create({ name: 'Edge', byteOrder: 'reversed' })
    await h.service.addScan(batch.id, one)
    // The documented choice (card-identity.ts, docs/guide/installer.md#import): the second is taken for the first, not added.
    expect(await h.service.addScan(batch.id, reversed(one))).toMatchObject({
      duplicate: true,
      row: { nfcId: reversed(one) }
    })
    const palindrome = `1A${hex.slice(0, 2)}${hex.slice(0, 2)}1A`
    expect(await h.service.addScan(batch.id, palindrome)).toMatchObject({
      duplicate: false,
      row: { nfcId: palindrome }
    })
    expect(await h.service.addScan(batch.id, palindrome)).toMatchObject({ duplicate: true })
    expect((await h.service.get(batch.id)).rows.map((r) => r.nfcId)).toEqual([reversed(one), palindrome])
  })
})
