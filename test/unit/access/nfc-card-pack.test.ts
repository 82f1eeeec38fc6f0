import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { nfcCardSchema, nfcCardStatuses, type NfcCard } from '../../../src/shared/access/nfc-cards'
import { packNfcCard, packedNfcCardSchema, unpackNfcCard } from '../../../src/shared/access/nfc-card-pack'

const text = fc.string({ maxLength: 8 })
/** Any card the console's schema lets through: optional fields present or absent, any owner. */
const owner = fc.oneof(
  fc.constant(null),
  fc.record({ id: text, first_name: text, last_name: text, name: text, avatar: text }, { requiredKeys: [] })
)
const card: fc.Arbitrary<NfcCard> = fc
  .record(
    {
      token: fc.string({ minLength: 1, maxLength: 8 }),
      display_id: text,
      status: fc.constantFrom(...nfcCardStatuses),
      alias: text,
      card_type: text,
      note: text,
      user_id: fc.oneof(text, fc.constant('')),
      user_type: fc.constantFrom('USER' as const, 'VISITOR' as const, '' as const),
      user: owner
    },
    { requiredKeys: ['token', 'display_id', 'status', 'alias', 'card_type', 'user_id', 'user_type', 'user'] }
  )
  // The owner's id is the card's user_id on every console seen: make that common, not chance.
  .chain((c) => fc.boolean().map((same) => (same && c.user ? { ...c, user: { ...c.user, id: c.user_id } } : c)))

describe('cards packed for the screen (cards.page)', () => {
  it('unpack(pack(card)) is the card, fields absent stay absent, also after JSON (web mode) and zod', () => {
    fc.assert(
      fc.property(card, (generated) => {
        // What main holds: the card as the console's schema reads it.
        const c = nfcCardSchema.parse(generated)
        const packed = packNfcCard(c)
        expect(packedNfcCardSchema.parse(packed)).toStrictEqual(packed)
        expect(unpackNfcCard(packed)).toStrictEqual(c)
        expect(unpackNfcCard(JSON.parse(JSON.stringify(packed)))).toStrictEqual(c)
        expect(structuredClone(unpackNfcCard(structuredClone(packed)))).toStrictEqual(c)
      }),
      { numRuns: 2000 }
    )
  })

  it("an owner's id equal to the card's user_id is not sent twice; any other id (or none) is kept", () => {
    const base = { token: 't', display_id: '0042', status: 'assigned', alias: '', card_type: 'ua_card' } as const
    const owned: NfcCard = {
      ...base,
      user_id: 'u-1',
      user_type: 'USER',
      user: { id: 'u-1', first_name: 'Ada', last_name: 'Lee', name: 'Ada Lee', avatar: '' }
    }
    expect(packNfcCard(owned)).toEqual([
      't',
      '0042',
      'assigned',
      '',
      'ua_card',
      null,
      'u-1',
      'USER',
      ['Ada', 'Lee', 'Ada Lee', '']
    ])
    const other: NfcCard = { ...owned, user: { id: 'u-2', name: 'Bo' } }
    expect(packNfcCard(other)[8]).toEqual([null, null, 'Bo', null, 'u-2'])
    expect(unpackNfcCard(packNfcCard(other))).toStrictEqual(other)
    const noId: NfcCard = { ...owned, user: { name: 'Bo' } }
    expect(packNfcCard(noId)[8]).toEqual([null, null, 'Bo', null, null])
    expect(unpackNfcCard(packNfcCard(noId)).user).toStrictEqual({ name: 'Bo' })
  })

  it('a page of cards as consoles send them packs to about half its JSON', () => {
    const page = Array.from({ length: 100 }, (_, i): NfcCard => ({
      token: i.toString(16).padStart(64, '0'),
      display_id: String(100000 + i),
      status: 'assigned',
      alias: i % 3 ? '' : `Spare ${i}`,
      card_type: 'ua_card',
      note: String(100000 + i),
      user_id: `d6490539-a095-42bb-b67d-${String(i).padStart(12, '0')}`,
      user_type: 'USER',
      user: {
        id: `d6490539-a095-42bb-b67d-${String(i).padStart(12, '0')}`,
        first_name: 'Ben',
        last_name: 'Ng',
        name: 'Ben Ng',
        avatar: ''
      }
    }))
    const packed = JSON.stringify(page.map(packNfcCard)).length
    expect(packed / JSON.stringify(page).length).toBeLessThan(0.55)
  })
})
