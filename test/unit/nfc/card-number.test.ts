import { describe, expect, it } from 'vitest'
import { cardNfcId, consoleCardNumber, filterNeedles, nfcSearchText } from '../../../src/shared/nfc/card-number'

describe("a card's NFC ID from its number", () => {
  it('reads a decimal card number as the UID it stands for, leading zero bytes restored', () => {
    // 014A3151 (the reference's poll sample) as the console's decimal number.
    expect(consoleCardNumber('014A3151')).toBe('21639505')
    expect(cardNfcId('21639505')).toEqual({
      hex: '014A3151',
      reversed: '51314A01',
      decimal: '21639505',
      reversedDecimal: String(0x51314a01)
    })
    const seven = cardNfcId(consoleCardNumber('04C0FFEE123456'))
    expect(seven?.hex).toBe('04C0FFEE123456')
    expect(seven?.reversed).toBe('563412EEFFC004')
  })

  it('reads a hex card number (the poll sample style) as the UID itself', () => {
    expect(cardNfcId('014a3151')).toMatchObject({ hex: '014A3151', decimal: '21639505' })
  })

  it("keeps a UA card's own short number and free text out of it", () => {
    expect(cardNfcId('100005')).toBeNull()
    expect(cardNfcId('Lobby spare')).toBeNull()
    expect(cardNfcId('')).toBeNull()
    expect(nfcSearchText('100005')).toBe('')
  })
})

describe('filter needles', () => {
  it('matches hex with separators, 0x or any case by its bare digits', () => {
    expect(filterNeedles(' 04:C0:ff:ee ')).toEqual(['04:c0:ff:ee', '04c0ffee'])
    expect(filterNeedles('0x04C0FFEE')).toEqual(['0x04c0ffee', '04c0ffee'])
    expect(filterNeedles('04 c0 ff')).toEqual(['04 c0 ff', '04c0ff'])
    expect(filterNeedles('Rosa Jensen')).toEqual(['rosa jensen'])
    expect(filterNeedles('  ')).toEqual([])
  })

  it('finds a card by its UID in either byte order, in hex or decimal', () => {
    const text = nfcSearchText(consoleCardNumber('04C0FFEE123456'))
    for (const query of ['04c0ffee123456', '56:34:12:EE:FF:C0:04', consoleCardNumber('563412EEFFC004'), '04-C0-FF']) {
      expect(
        filterNeedles(query).some((n) => text.includes(n)),
        query
      ).toBe(true)
    }
  })
})
