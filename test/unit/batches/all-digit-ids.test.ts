import { beforeAll, describe, expect, it } from 'vitest'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { readNfcCell } from '../../../src/main/services/batches/csv-nfc-id'
import { allDigitsReading, uidOfDecimal, writtenDigitsReading } from '../../../src/shared/nfc/card-number'
import { nfcUidFormats } from '../../../src/shared/nfc/uid'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

/**
 * An NFC ID of digits only is ambiguous: hex, or the decimal number printed on the card. It is read
 * as hex (the console's format), never changed, and the row says so with the other reading.
 */
// Quoted lines are read by papaparse, which main loads on the first file read.
beforeAll(() => loadCsvParser())

describe('all-digit NFC IDs', () => {
  // 77740828 is the decimal of 04A23B1C (the reader panel's "Decimal" for that card).
  const decimalOfCard = nfcUidFormats('04A23B1C').decimal

  it('a CSV line with an all-digit ID is read as hex, flagged with the decimal reading; a letter or no UID reading: no flag', () => {
    expect(decimalOfCard).toBe('77740828')
    const p = validateCsv(`${decimalOfCard},Desk\n04A23B1C,Hall\n12345678,Small\n`)
    expect(p.rows.map((r) => [r.status, r.nfcId, r.reading])).toEqual([
      [
        'ok',
        '77740828',
        'All digits: read as hex 77740828. If 77740828 is the card\'s decimal number (the reader panel\'s "Decimal"), its NFC ID is 04A23B1C: give that instead.'
      ],
      ['ok', '04A23B1C', undefined],
      // 12345678 is a 4-byte hex UID and a decimal number too (00BC614E): both readings are said.
      [
        'ok',
        '12345678',
        'All digits: read as hex 12345678. If 12345678 is the card\'s decimal number (the reader panel\'s "Decimal"), its NFC ID is 00BC614E: give that instead.'
      ]
    ])
    expect(p.counts).toEqual({ ok: 3, repaired: 0, refused: 0, duplicate: 0 })
  })

  it('the decimal reading keeps leading zero bytes and the UID lengths', () => {
    expect(uidOfDecimal('77740828')).toBe('04A23B1C')
    expect(uidOfDecimal('0077740828')).toBe('04A23B1C')
    expect(uidOfDecimal(BigInt('0x04112233445566').toString())).toBe('04112233445566')
    expect(uidOfDecimal('16777215')).toBeNull()
    expect(uidOfDecimal('04A23B1C')).toBeNull()
    expect(allDigitsReading('04A23B1C')).toBeUndefined()
  })

  it('an all-digit ID that is no hex UID (the 10 digits printed on many cards) is refused with its decimal reading', () => {
    expect(readNfcCell('0077740828')).toMatchObject({
      ok: false,
      said: { key: 'nfcIdInvalid', values: { cell: '0077740828', decimalUid: '04A23B1C' } },
      reason:
        '"0077740828": An NFC UID is 4, 7 or 10 bytes (8, 14 or 20 hex digits); this one is 5 bytes. If 0077740828 is the card\'s decimal number, its NFC ID is 04A23B1C: give that instead.'
    })
  })

  it('one rule for the note: all digits written without separators get it, whatever their value; separated hex never does', () => {
    // Typed or in a file, the rule reads the ID as written.
    expect(writtenDigitsReading('12345678')).toBe(
      'All digits: read as hex 12345678. If 12345678 is the card\'s decimal number (the reader panel\'s "Decimal"), its NFC ID is 00BC614E: give that instead.'
    )
    expect(writtenDigitsReading(' 10203040506070 ')).toBe(
      `All digits: read as hex 10203040506070. If 10203040506070 is the card's decimal number (the reader panel's "Decimal"), its NFC ID is ${uidOfDecimal('10203040506070')}: give that instead.`
    )
    expect(writtenDigitsReading('04:11:22:33:44:55:77')).toBeUndefined()
    expect(writtenDigitsReading('04 11 22 33')).toBeUndefined()
    expect(writtenDigitsReading('0x12345678')).toBeUndefined()
    expect(writtenDigitsReading('04A23B1C')).toBeUndefined()
    // Not a hex UID length: refused as an ID, so no note.
    expect(writtenDigitsReading('1234567890')).toBeUndefined()

    const p = validateCsv('04:11:22:33:44:55:77,Colons\n04112233445577,Bare\n"12345678",Quoted\n')
    expect(p.rows.map((r) => [r.nfcId, r.reading !== undefined])).toEqual([
      ['04112233445577', false],
      ['04112233445577', true],
      ['12345678', true]
    ])
  })
})
