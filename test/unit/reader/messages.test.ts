import { describe, expect, it } from 'vitest'
import { hostMessageSchema, supervisorMessageSchema } from '../../../src/main/services/reader/messages'
import { feedbackApdu, feedbackPlayed } from '../../../src/main/services/reader/feedback-apdu'

describe('reader host messages', () => {
  const card = {
    type: 'card',
    reader: 'R',
    uid: '04A23B1C',
    atr: '3B8180018080',
    standard: 'TAG_ISO_14443_4',
    detectedAt: 1,
    uidAt: 2
  }

  it('accepts what the host sends', () => {
    expect(hostMessageSchema.parse(card)).toEqual(card)
    expect(hostMessageSchema.parse({ type: 'readers', readers: ['a', 'b'] })).toEqual({
      type: 'readers',
      readers: ['a', 'b']
    })
  })

  it('refuses unknown types, lowercase or odd hex and missing fields', () => {
    expect(hostMessageSchema.safeParse({ type: 'explode' }).success).toBe(false)
    expect(hostMessageSchema.safeParse({ ...card, uid: '04a23b1c' }).success).toBe(false)
    expect(hostMessageSchema.safeParse({ ...card, uid: '04A23B1' }).success).toBe(false)
    expect(hostMessageSchema.safeParse({ type: 'heartbeat' }).success).toBe(false)
  })

  it('checks what main sends', () => {
    expect(supervisorMessageSchema.safeParse({ type: 'feedback', id: 1, reader: 'R', kind: 'new' }).success).toBe(true)
    expect(supervisorMessageSchema.safeParse({ type: 'feedback', id: 1, reader: 'R', kind: 'loud' }).success).toBe(
      false
    )
  })
})

describe('ACR122U feedback', () => {
  it('uses different LED/buzzer patterns for new and duplicate cards', () => {
    expect(feedbackApdu('new').toString('hex')).toBe('ff0040ae0401010101')
    expect(feedbackApdu('duplicate').toString('hex')).toBe('ff00405c0402010201')
  })

  it('counts only 90 xx as played', () => {
    expect(feedbackPlayed(Buffer.from([0x90, 0x02]))).toBe(true)
    expect(feedbackPlayed(Buffer.from([0x6d, 0x00]))).toBe(false)
    expect(feedbackPlayed(Buffer.alloc(0))).toBe(false)
  })
})
