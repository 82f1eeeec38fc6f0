import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { listOf } from '../../../src/main/services/access/list-answer'
import { DataIssue } from '../../../src/main/services/access/data-reader'
import { touchPassSchema } from '../../../src/shared/access/touch-passes'

describe('a list answer read by listOf', () => {
  const passes = listOf(touchPassSchema)

  it('reads an absent or null list as no items, and each item by its schema (defaults filled)', () => {
    expect(passes.read(undefined)).toEqual([])
    expect(passes.read(null)).toEqual([])
    const [pass] = passes.read([{ id: 'p1', status: 'ACTIVE', bundles: null }])
    expect(pass).toMatchObject({ id: 'p1', status: 'ACTIVE', card_name: '', user_id: '', bundles: [] })
  })

  it('refuses the first bad item with its index and field, as zod says it', () => {
    let issue: unknown
    try {
      passes.read([
        { id: 'p1', status: 'ACTIVE' },
        { id: 'p2', status: 'STOLEN' }
      ])
    } catch (err) {
      issue = err
    }
    expect(issue).toBeInstanceOf(DataIssue)
    expect((issue as DataIssue).path).toEqual([1, 'status'])
    expect((issue as DataIssue).message).toMatch(/ACTIVE/)
    expect(() => listOf(z.string()).read('not a list')).toThrow(DataIssue)
  })
})
