import { beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { toConsoleCsv } from '../../../src/main/services/batches/csv-export'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { aliasSchema } from '../../../src/shared/batches/schemas'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

const hexId = fc
  .constantFrom(4, 7, 10)
  .chain((bytes) => fc.uint8Array({ minLength: bytes, maxLength: bytes }))
  .map((b) => Buffer.from(b).toString('hex').toUpperCase())

// Any alias the app itself accepts (aliasSchema): commas, quotes inside, unicode, empty.
const alias = fc
  .oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: fc.constantFrom('a', 'Z', '9', ',', '"', ' ', '-', 'é', '中', "'"), maxLength: 20 }),
    fc.constant('')
  )
  .filter((a) => aliasSchema.safeParse(a).success)

const validBatch = fc
  .uniqueArray(fc.record({ nfcId: hexId, alias }), {
    maxLength: 60,
    selector: (r) => r.nfcId
  })
  // Aliases are unique too (empty ones excepted): what the batch itself guarantees.
  .map((rows) => {
    const seen = new Set<string>()
    return rows.filter((r) => r.alias === '' || (!seen.has(r.alias) && seen.add(r.alias)))
  })

// Quoted lines are read by papaparse, which main loads on the first file read.
beforeAll(() => loadCsvParser())

describe('export → import of a valid batch', () => {
  it('is lossless: same IDs, same aliases, same order, every row ok', () => {
    fc.assert(
      fc.property(validBatch, (rows) => {
        const text = toConsoleCsv(rows)
        const preview = validateCsv(text)
        expect(preview.rows.map((r) => ({ nfcId: r.nfcId, alias: r.alias }))).toEqual(rows)
        expect(preview.rows.every((r) => r.status === 'ok')).toBe(true)
        expect(preview.rows.map((r) => r.line)).toEqual(rows.map((_r, i) => i + 1))
      }),
      { numRuns: 300 }
    )
  })

  it('the export has no header, one LF-terminated line per row', () => {
    fc.assert(
      fc.property(validBatch, (rows) => {
        const text = toConsoleCsv(rows)
        expect(text.includes('\r')).toBe(false)
        expect(text === '' || text.endsWith('\n')).toBe(true)
        if (rows.length > 0) expect(text.startsWith(rows[0]!.nfcId)).toBe(true)
      })
    )
  })
})
