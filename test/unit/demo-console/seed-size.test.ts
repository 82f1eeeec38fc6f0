import { describe, expect, it } from 'vitest'
import { seededIds } from '../../../src/demo-console/state/ids'
import { seedSite } from '../../../src/demo-console/state/seed'
import { startDemo } from './support'

describe('demo console seed size (--cards)', () => {
  const now = Date.UTC(2026, 0, 1)

  it('seeds the number of cards asked for, the seed’s own cards first and the rest of the site unchanged', () => {
    const plain = seedSite('demo', now)
    const more = seedSite('demo', now, 1, 500)
    expect(more.cards).toHaveLength(500)
    expect(more.cards.slice(0, plain.cards.length)).toEqual(plain.cards)
    expect([more.users, more.visitors, more.site]).toEqual([plain.users, plain.visitors, plain.site])
    // Every card still its own: token, NFC ID and card number never repeat.
    for (const field of ['token', 'nfc_id', 'display_id'] as const) {
      expect(new Set(more.cards.map((c) => c[field])).size).toBe(500)
    }
    expect(more.meta.next_display_id).toBe(100_001 + 500)
  })

  it('starts a console with that many cards, answered page by page', async () => {
    const demo = await startDemo({ cards: 2500 })
    try {
      expect((await demo.control('GET', '/state')).body.data).toMatchObject({ seed: 'demo', cards: 2500 })
      const page = await demo.api('GET', '/credentials/nfc_cards/tokens', { query: { page_num: 3, page_size: 1000 } })
      expect([page.body.data.length, page.body.pagination.total]).toEqual([500, 2500])
    } finally {
      await demo.stop()
    }
  })

  it('draws seeded hex ids as 8 big-endian hex digits per draw, cut to the length asked', () => {
    // The same stream read twice: as hex ids, and as the raw draws they are made of.
    const ids = seededIds(0x5eed_0002)
    const draws = seededIds(0x5eed_0002)
    const digits = (words: number) =>
      Array.from({ length: words }, () => ((draws.next() * 2 ** 32) >>> 0).toString(16).padStart(8, '0')).join('')
    for (const n of [64, 14, 1, 7, 8, 9, 32, 200]) {
      expect(ids.hex(n)).toBe(digits(Math.ceil(n / 8)).slice(0, n))
    }
  })
})
