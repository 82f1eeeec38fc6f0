import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DuplicateFinder, hashString } from '../../../src/main/services/batches/duplicate-finder'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { cardKey } from '../../../src/shared/nfc/card-identity'

/** What the finder must answer, the obvious way: the first item seen with each key. */
function reference(keys: string[]): number[] {
  const firstSeen = new Map<string, number>()
  return keys.map((key, item) => {
    const first = firstSeen.get(key)
    if (first !== undefined) return first
    firstSeen.set(key, item)
    return -1
  })
}

function find(keys: string[], hash: (key: string) => number): number[] {
  const finder = new DuplicateFinder(4)
  keys.forEach((key, item) => finder.add(hash(key), item))
  const { items, first } = finder.resolve(keys, (k, a, b) => k[a] === k[b])
  expect([...items]).toEqual(keys.map((_, i) => i))
  return [...first]
}

describe('DuplicateFinder', () => {
  it('finds the first occurrence of every key, even when every hash collides', () => {
    const keys = fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 3 }), { maxLength: 300 })
    fc.assert(
      fc.property(keys, (k) => {
        expect(find(k, hashString)).toEqual(reference(k))
        // A useless hash: every key in one slot chain; equality must still be decided by the keys.
        expect(find(k, () => 7)).toEqual(reference(k))
        expect(find(k, (s) => s.length)).toEqual(reference(k))
      })
    )
  })

  it('keeps file order across its partitions on 60,000 keys', () => {
    const keys: string[] = []
    for (let i = 0; i < 60_000; i++) keys.push(i % 97 === 0 ? `K${i - 500}` : `K${i}`)
    const got = find(keys, hashString)
    const want = reference(keys)
    expect(got).toEqual(want)
    expect(got.filter((f) => f !== -1).length).toBeGreaterThan(600)
  })
})

describe('CSV preview duplicates on a large file', () => {
  it('names the first line for repeated IDs and aliases and checks the batch, on 20,000 rows', () => {
    const id = (i: number) => (0x04a00000 + i).toString(16).toUpperCase().padStart(8, '0')
    const lines: string[] = []
    for (let i = 0; i < 20_000; i++) {
      if (i % 1000 === 999)
        lines.push(`${id(i - 10)},Repeat-${i}`) // same ID as 10 lines before
      else if (i % 1000 === 500)
        lines.push(`${id(i)}D4E5F6,Desk-${i - 3}`) // 7-byte ID, alias of 3 lines before
      else lines.push(`${id(i)},Desk-${i}`)
    }
    lines.push(`${id(123_456)},In-batch`) // its ID is already in the batch
    const preview = validateCsv(lines.join('\n'), {
      existingCards: new Map([[cardKey(id(123_456)), { nfcId: id(123_456) }]]),
      existingAliases: new Set(['Desk-7'])
    })
    // 20 repeated IDs, 20 repeated aliases, one alias and one ID already in the batch.
    expect(preview.counts).toEqual({ ok: 19_959, repaired: 0, refused: 0, duplicate: 42 })
    expect(preview.rows[999]).toMatchObject({ line: 1000, status: 'duplicate', messages: ['Same NFC ID as line 990'] })
    expect(preview.rows[500]).toMatchObject({
      status: 'duplicate',
      nfcId: `${id(500)}D4E5F6`,
      messages: ['Alias "Desk-497" is also on line 498; aliases must be unique']
    })
    expect(preview.rows[7]!.messages).toEqual(['Alias "Desk-7" is already used in the batch'])
    expect(preview.rows[20_000]!.messages).toEqual(['This NFC ID is already in the batch'])
  })
})
