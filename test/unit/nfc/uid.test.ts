import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { bytesToHex, isRandomUid, nfcUidFormats, normaliseNfcId, uidLengthProblem } from '../../../src/shared/nfc/uid'

describe('normaliseNfcId', () => {
  it.each([
    ['04a23b1c', '04A23B1C'],
    ['04:A2:3B:1C', '04A23B1C'],
    ['04 a2 3b 1c', '04A23B1C'],
    ['04-a2-3b-1c', '04A23B1C'],
    ['  0x04A23B1C  ', '04A23B1C'],
    ['04:11:22:33:44:55:66', '04112233445566'],
    ['0102030405060708090A', '0102030405060708090A']
  ])('accepts %j as %s', (input, hex) => {
    expect(normaliseNfcId(input)).toEqual({ ok: true, hex })
  })

  it('refuses lengths other than 4, 7 and 10 bytes with the length in the reason', () => {
    for (const bytes of [1, 2, 3, 5, 6, 8, 9, 11, 16]) {
      const result = normaliseNfcId('AB'.repeat(bytes))
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.reason).toContain(`${bytes} byte`)
    }
  })

  it('refuses non-hex characters, odd digit counts and empty input, saying why', () => {
    const notHex = normaliseNfcId('04A23B1G')
    // main's English reason, and the facts a desk in another language words it from
    expect(notHex).toMatchObject({
      ok: false,
      reason: expect.stringContaining('"G" is not a hex digit'),
      problem: { kind: 'notHex', digit: 'G' }
    })
    expect(normaliseNfcId('04A23B1')).toMatchObject({ ok: false, reason: expect.stringContaining('7 hex digits') })
    expect(normaliseNfcId(' : ')).toMatchObject({ ok: false, reason: 'The NFC ID is empty.' })
  })

  it('is idempotent and separator-insensitive for any valid UID', () => {
    const uid = fc.oneof(...[4, 7, 10].map((n) => fc.uint8Array({ minLength: n, maxLength: n })))
    fc.assert(
      fc.property(uid, fc.constantFrom(':', ' ', '-', ''), fc.boolean(), (bytes, sep, lower) => {
        const hex = bytesToHex(bytes)
        const written = (hex.match(/../g) ?? []).join(sep)
        const result = normaliseNfcId(lower ? written.toLowerCase() : written)
        expect(result).toEqual({ ok: true, hex })
        expect(normaliseNfcId(hex)).toEqual(result)
      })
    )
  })
})

describe('formats', () => {
  it('gives hex, byte-reversed hex and the decimal of the hex', () => {
    expect(nfcUidFormats('04A23B1C')).toEqual({ hex: '04A23B1C', reversed: '1C3BA204', decimal: '77740828' })
  })

  it('keeps 10-byte UIDs exact in decimal (beyond 2^53)', () => {
    const f = nfcUidFormats('FFFFFFFFFFFFFFFFFFFF')
    expect(f.decimal).toBe('1208925819614629174706175')
    expect(f.reversed).toBe('FFFFFFFFFFFFFFFFFFFF')
    expect(nfcUidFormats('04112233445566').reversed).toBe('66554433221104')
  })

  it('reads bytes as uppercase hex', () => {
    expect(bytesToHex(new Uint8Array([0x04, 0xa2, 0x0b, 0xff]))).toBe('04A20BFF')
  })
})

describe('random UIDs and lengths', () => {
  it('flags 4-byte UIDs starting with 08 only', () => {
    expect(isRandomUid('08A1B2C3')).toBe(true)
    expect(isRandomUid('04A1B2C3')).toBe(false)
    expect(isRandomUid('08A1B2C3D4E5F6')).toBe(false)
  })

  it('accepts exactly 4, 7 and 10 bytes', () => {
    const accepted = Array.from({ length: 12 }, (_, n) => n).filter((n) => uidLengthProblem(n) === undefined)
    expect(accepted).toEqual([4, 7, 10])
  })
})
