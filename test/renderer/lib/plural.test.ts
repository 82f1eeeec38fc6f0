// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { agree, countOf } from '../../../src/renderer/src/lib/plural'

describe('counted words', () => {
  it('agree with the count: one is singular, zero and many are plural', () => {
    expect(countOf(1, 'visitor')).toBe('1 visitor')
    expect(countOf(0, 'visitor')).toBe('0 visitors')
    expect(countOf(3, 'pass', 'passes')).toBe('3 passes')
    expect(agree(2, 'is', 'are')).toBe('are')
  })

  it('write large counts as the desk’s locale does, as every other count on screen', () => {
    // The tests run in the default locale (en-US): "2,500", as the Cards screen writes "20,000".
    expect(countOf(2500, 'visitor')).toBe('2,500 visitors')
    expect(countOf(20000, 'card')).toBe('20,000 cards')
  })
})
