import { beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { hashString } from '../../../src/main/services/batches/duplicate-finder'
import type { CsvPreview } from '../../../src/shared/batches/schemas'
import { cardKey } from '../../../src/shared/nfc/card-identity'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

const rowsOf = (p: CsvPreview) => p.rows.map((r) => [r.line, r.status, r.nfcId ?? null, r.alias, r.messages])

/** The cards a console holds, as `onConsole` sees them: NFC ID → display id, alias → display id. */
const consoleHolding = (cards: Record<string, string>, aliases: Record<string, string> = {}) => ({
  get: (nfcId: string) => cards[nfcId],
  aliasHolder: (alias: string) => aliases[alias]
})
/** The cards of the batch, as the batch model indexes them: by card (either byte order). */
const batchHolding = (nfcIds: string[]) => new Map(nfcIds.map((nfcId) => [cardKey(nfcId), { nfcId }]))
/** The reference's own byte reversal (not the code under test's). */
const reversed = (hex: string) => hex.match(/../g)!.reverse().join('')

// Quoted lines are read by papaparse, which main loads on the first file read.
beforeAll(() => loadCsvParser())

describe('duplicates in the file', () => {
  it('the first occurrence is kept; a repeated ID names its line and keeps its own repairs first', () => {
    const p = validateCsv('04A1B2C3,Lobby\n04a1b2c3,Other\n04A1B2C3,Third\n')
    expect(rowsOf(p)).toEqual([
      [1, 'ok', '04A1B2C3', 'Lobby', []],
      [2, 'duplicate', '04A1B2C3', 'Other', ['Lowercase hex made uppercase', 'Same NFC ID as line 1']],
      [3, 'duplicate', '04A1B2C3', 'Third', ['Same NFC ID as line 1']]
    ])
    expect(p.counts).toEqual({ ok: 1, repaired: 0, refused: 0, duplicate: 2 })
  })

  it('a row whose ID is a duplicate is not checked for its alias, nor does its alias count for later rows', () => {
    const p = validateCsv('04A1B2C3,Desk\n04A1B2C3,Desk\n04A1B2C4,Spare\n04A1B2C4,Hall\n04A1B2C5,Hall\n')
    expect(rowsOf(p)).toEqual([
      [1, 'ok', '04A1B2C3', 'Desk', []],
      [2, 'duplicate', '04A1B2C3', 'Desk', ['Same NFC ID as line 1']],
      [3, 'ok', '04A1B2C4', 'Spare', []],
      [4, 'duplicate', '04A1B2C4', 'Hall', ['Same NFC ID as line 3']],
      // "Hall" on line 4 is not imported: line 5 may have it.
      [5, 'ok', '04A1B2C5', 'Hall', []]
    ])
  })

  it('empty aliases are never duplicates of each other, and do not shift which line an alias repeats', () => {
    const p = validateCsv('04A1B2C3,X\n04A1B2C4\n04A1B2C5,\n04A1B2C6,Y\n04A1B2C7,X\n04A1B2C8\n04A1B2C9,Y\n')
    expect(rowsOf(p)).toEqual([
      [1, 'ok', '04A1B2C3', 'X', []],
      [2, 'ok', '04A1B2C4', '', []],
      [3, 'ok', '04A1B2C5', '', []],
      [4, 'ok', '04A1B2C6', 'Y', []],
      [5, 'duplicate', '04A1B2C7', 'X', ['Alias "X" is also on line 1; aliases must be unique']],
      [6, 'ok', '04A1B2C8', '', []],
      [7, 'duplicate', '04A1B2C9', 'Y', ['Alias "Y" is also on line 4; aliases must be unique']]
    ])
    expect(p.counts).toEqual({ ok: 5, repaired: 0, refused: 0, duplicate: 2 })
  })

  it('a repaired row with a repeated alias keeps its repairs, then the duplicate', () => {
    const p = validateCsv('04A1B2C3,Lobby\n04:A1:B2:C4, Lobby\n')
    expect(rowsOf(p)[1]).toEqual([
      2,
      'duplicate',
      '04A1B2C4',
      'Lobby',
      [
        'Separators (":", "-", spaces) removed',
        'Spaces around the alias removed',
        'Alias "Lobby" is also on line 1; aliases must be unique'
      ]
    ])
  })

  it('refused rows take no part: their ID and alias are free for later rows', () => {
    const p = validateCsv('04A1B2C3,"Bad\nalias"\n04A1B2C3,Bad\n04A1B2,Desk\n04A1B2C4,Desk\n')
    expect(p.rows.map((r) => [r.line, r.status])).toEqual([
      [1, 'refused'],
      [3, 'ok'],
      [4, 'refused'],
      [5, 'ok']
    ])
  })
})

describe('keys whose hashes are equal', () => {
  // Duplicates are looked for among equal hashes, then told apart by the keys themselves.
  it('two different NFC IDs with the same hash are not duplicates', () => {
    // A 4-byte ID is keyed by its value, a longer one by its FNV-1a hash: these two collide.
    expect(hashString('04A1B2C3D4E5F6') >>> 0).toBe(0x0f6bbe4b)
    const p = validateCsv('04A1B2C3D4E5F6,A\n0F6BBE4B,B\n04A1B2C3D4E5F6,C\n')
    expect(p.rows.map((r) => [r.line, r.status, r.messages])).toEqual([
      [1, 'ok', []],
      [2, 'ok', []],
      [3, 'duplicate', ['Same NFC ID as line 1']]
    ])
  })

  it('two different aliases with the same hash are not duplicates', () => {
    expect(hashString('Desk-89949')).toBe(hashString('Desk-514902'))
    const p = validateCsv('04A1B2C3,Desk-89949\n04A1B2C4,Desk-514902\n04A1B2C5,Desk-89949\n')
    expect(p.rows.map((r) => [r.line, r.status, r.messages])).toEqual([
      [1, 'ok', []],
      [2, 'ok', []],
      [3, 'duplicate', ['Alias "Desk-89949" is also on line 1; aliases must be unique']]
    ])
  })
})

describe('duplicates of the batch and of the console', () => {
  const existing = {
    existingCards: batchHolding(['04A1B2C3']),
    existingAliases: new Set(['Lobby']),
    onConsole: consoleHolding({ '04A1B2C5': '1007', '04A1B2C3': '1001' })
  }

  it('says which: already in the batch, on the console (with its card number), alias used in the batch', () => {
    const p = validateCsv('04A1B2C3,New\n04A1B2C4,Lobby\n04A1B2C5,Gate\n04A1B2C6,Free\n', existing)
    expect(rowsOf(p)).toEqual([
      // In the batch and on the console: the batch is said, once.
      [1, 'duplicate', '04A1B2C3', 'New', ['This NFC ID is already in the batch']],
      [2, 'duplicate', '04A1B2C4', 'Lobby', ['Alias "Lobby" is already used in the batch']],
      [3, 'duplicate', '04A1B2C5', 'Gate', ['Already on the console as card 1007']],
      [4, 'ok', '04A1B2C6', 'Free', []]
    ])
    expect(p.counts).toEqual({ ok: 1, repaired: 0, refused: 0, duplicate: 3 })
  })

  it("an ID duplicate's alias is still checked against the batch; its alias does not count for later rows", () => {
    const p = validateCsv('04A1B2C3,Lobby\n04A1B2C5,Gate\n04A1B2C7,Gate\n04A1B2C8,New\n04A1B2C8,Lobby\n', existing)
    expect(rowsOf(p)).toEqual([
      [
        1,
        'duplicate',
        '04A1B2C3',
        'Lobby',
        ['This NFC ID is already in the batch', 'Alias "Lobby" is already used in the batch']
      ],
      [2, 'duplicate', '04A1B2C5', 'Gate', ['Already on the console as card 1007']],
      [3, 'ok', '04A1B2C7', 'Gate', []],
      [4, 'ok', '04A1B2C8', 'New', []],
      [5, 'duplicate', '04A1B2C8', 'Lobby', ['Same NFC ID as line 4', 'Alias "Lobby" is already used in the batch']]
    ])
  })

  it('an alias repeated in the file names the line, not the batch, when both hold it', () => {
    const p = validateCsv('04A1B2C6,Hall\n04A1B2C7,Hall\n', { existingAliases: new Set(['Hall']) })
    expect(rowsOf(p)).toEqual([
      [1, 'duplicate', '04A1B2C6', 'Hall', ['Alias "Hall" is already used in the batch']],
      [2, 'duplicate', '04A1B2C7', 'Hall', ['Alias "Hall" is also on line 1; aliases must be unique']]
    ])
  })

  it('a repaired row found on the console keeps its repairs, and an empty alias is never looked up', () => {
    const looked: string[] = []
    const p = validateCsv('04a1b2c5\n04A1B2C6,\n', {
      existingAliases: {
        has: (a: string) => {
          looked.push(a)
          return true
        }
      },
      onConsole: consoleHolding({ '04A1B2C5': '7' })
    })
    expect(rowsOf(p)).toEqual([
      [1, 'duplicate', '04A1B2C5', '', ['Lowercase hex made uppercase', 'Already on the console as card 7']],
      [2, 'ok', '04A1B2C6', '', []]
    ])
    expect(looked).toEqual([])
  })

  it('ok and repaired rows are counted apart from duplicates', () => {
    const p = validateCsv('04A1B2C3,A\n04a1b2c4,B\n04A1B2C3,C\n')
    expect(p.rows.map((r) => r.status)).toEqual(['ok', 'repaired', 'duplicate'])
    expect(p.counts).toEqual({ ok: 1, repaired: 1, refused: 0, duplicate: 1 })
  })
})

describe('property: duplicates against a plain reference', () => {
  // Few distinct IDs and aliases so repeats are frequent; some aliases empty.
  const line = fc.record({
    // C3B2A104 and F6E5D4C3B2A104 are 04A1B2C3 and 04A1B2C3D4E5F6 in the other byte order: the same cards.
    id: fc.constantFrom('04A1B2C3', '04A1B2C4', '04a1b2c4', '04A1B2C3D4E5F6', '04A1B2C5', 'C3B2A104', 'F6E5D4C3B2A104'),
    alias: fc.constantFrom('', 'A', 'B', 'C')
  })
  const options = fc.record({
    batchIds: fc.subarray(['04A1B2C4', 'C5B2A104']),
    batchAliases: fc.subarray(['B', 'C']),
    consoleIds: fc.subarray(['04A1B2C3', '04A1B2C3D4E5F6'])
  })

  it('every row: the card rule first (file, batch, console), then the alias rule (file, batch)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), options, (lines, o) => {
        const text = lines.map((l) => `${l.id},${l.alias}`).join('\n')
        const p = validateCsv(text, {
          existingCards: batchHolding(o.batchIds),
          existingAliases: new Set(o.batchAliases),
          onConsole: consoleHolding(Object.fromEntries(o.consoleIds.map((id) => [id, `card-${id}`])))
        })
        // A card: its ID and its ID reversed, whichever was written first.
        const firstOfCard = new Map<string, number>()
        const seen = (id: string) => firstOfCard.get(id) ?? firstOfCard.get(reversed(id))
        const firstAlias = new Map<string, number>()
        const want = lines.map((l, i) => {
          const id = l.id.toUpperCase()
          const messages: string[] = l.id !== id ? ['Lowercase hex made uppercase'] : []
          const dup: string[] = []
          let idDup = true
          const earlier = seen(id)
          const inBatch = o.batchIds.find((b) => b === id || b === reversed(id))
          if (earlier !== undefined) {
            const firstId = lines[earlier]!.id.toUpperCase()
            dup.push(
              firstId === id
                ? `Same NFC ID as line ${earlier + 1}`
                : `Same card as line ${earlier + 1} (${firstId}: the same bytes in the other order)`
            )
          } else if (inBatch !== undefined)
            dup.push(
              inBatch === id
                ? 'This NFC ID is already in the batch'
                : `This card is already in the batch as ${inBatch} (the same bytes in the other order)`
            )
          else if (o.consoleIds.includes(id)) dup.push(`Already on the console as card card-${id}`)
          else idDup = false
          if (earlier === undefined) firstOfCard.set(id, i)
          if (l.alias !== '') {
            if (!idDup && firstAlias.has(l.alias))
              dup.push(`Alias "${l.alias}" is also on line ${firstAlias.get(l.alias)! + 1}; aliases must be unique`)
            else if (o.batchAliases.includes(l.alias)) dup.push(`Alias "${l.alias}" is already used in the batch`)
            if (!idDup && !firstAlias.has(l.alias)) firstAlias.set(l.alias, i)
          }
          const status = dup.length > 0 ? 'duplicate' : messages.length > 0 ? 'repaired' : 'ok'
          return [i + 1, status, id, l.alias, [...messages, ...dup]]
        })
        expect(rowsOf(p)).toEqual(want)
        const count = (s: string) => want.filter((w) => w[1] === s).length
        expect(p.counts).toEqual({
          ok: count('ok'),
          repaired: count('repaired'),
          refused: 0,
          duplicate: count('duplicate')
        })
      }),
      { numRuns: 300 }
    )
  })
})
