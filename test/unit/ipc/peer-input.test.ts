import { describe, expect, it } from 'vitest'
import {
  inspectPeerInput,
  jsonNestedDeeperThan,
  MAX_INPUT_DEPTH,
  MAX_INPUT_VALUES
} from '../../../src/main/services/ipc/peer-input'
import { createDispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'

/** `depth` arrays inside one another, each level also holding an empty array (the probe's shape). */
function nestedArrays(depth: number): string {
  return '['.repeat(depth) + Array(depth).fill('[]').join(',') + ']'.repeat(depth)
}

/** Every handler answers `{}`: these tests are about what the dispatch lets through. */
const handlers = new Proxy({}, { get: () => async () => ({}) }) as Handlers
const dispatch = createDispatch(handlers)

/**
 * The walk over what a peer sent is bounded: it stops at MAX_INPUT_DEPTH levels and after
 * MAX_INPUT_VALUES values, whatever the input, so its work is counted here, not timed.
 */
describe('peer input bounds', () => {
  it('stops a deep input at the depth limit after visiting about one value per level', () => {
    // The finding's payload: 40 KB of nested empty arrays took main 26–159 s before it answered.
    const input = JSON.parse(nestedArrays(20_000)) as unknown
    const { problem, visited } = inspectPeerInput(input)
    expect(problem).toMatchObject({ kind: 'too-deep' })
    expect(problem!.kind === 'too-deep' && problem!.path).toHaveLength(MAX_INPUT_DEPTH)
    expect(visited).toBeLessThanOrEqual(2 * MAX_INPUT_DEPTH + 1)
  })

  it('stops a wide input after MAX_INPUT_VALUES values', () => {
    const { problem, visited } = inspectPeerInput({ rowIds: new Array(MAX_INPUT_VALUES + 500_000).fill('r') })
    expect(problem).toEqual({ kind: 'too-many' })
    expect(visited).toBe(MAX_INPUT_VALUES + 1)
  })

  it('lets the largest input a screen sends through: 100,000 row ids, a deep-enough object', () => {
    expect(inspectPeerInput({ batchId: 'b', rowIds: new Array(100_000).fill('row') }).problem).toBeUndefined()
    let deepest: unknown = 'leaf'
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) deepest = { a: deepest }
    expect(inspectPeerInput(deepest).problem).toBeUndefined()
    expect(inspectPeerInput({ a: deepest }).problem).toMatchObject({ kind: 'too-deep' })
  })

  it('a cycle (Electron IPC can send one) ends at the depth limit', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic['self'] = cyclic
    expect(inspectPeerInput(cyclic).problem).toMatchObject({ kind: 'too-deep' })
  })

  it('the dispatch answers INVALID_INPUT naming the limit: deep, wide, and a big deep input', async () => {
    for (const [input, limit] of [
      [JSON.parse(nestedArrays(200)), 'depth'],
      // ~200 KB of nesting: the old walk (a path copied at every level) took minutes over it.
      [JSON.parse(nestedArrays(40_000)), 'depth'],
      [{ batchId: 'b', rowIds: new Array(MAX_INPUT_VALUES + 1).fill(0) }, 'values']
    ] as const) {
      const answer = await dispatch('batches.deleteRow', input)
      expect(answer).toMatchObject({
        ok: false,
        error: { kind: 'validation', code: 'INVALID_INPUT', details: { limit } }
      })
      if (!answer.ok)
        expect(answer.error.message).toMatch(/^Invalid input for batches\.deleteRow: it (is nested|holds)/)
    }
  })

  it('reads the nesting of JSON text in one pass, not counting brackets inside strings', () => {
    const bytes = (text: string) => Buffer.from(text)
    expect(jsonNestedDeeperThan(bytes('[[[]]]'), 3)).toBe(false)
    expect(jsonNestedDeeperThan(bytes('[[[[]]]]'), 3)).toBe(true)
    expect(jsonNestedDeeperThan(bytes('{"a":"[[[[[[","b":{"c":[1]}}'), 3)).toBe(false)
    expect(jsonNestedDeeperThan(bytes('["\\"[[[[", [[[]]]]'), 3)).toBe(true)
    expect(jsonNestedDeeperThan(bytes('["\\\\", [[]]]'), 3)).toBe(false)
  })
})
