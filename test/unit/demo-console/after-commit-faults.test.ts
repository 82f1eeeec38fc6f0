import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Runtime } from '../../../src/demo-console/runtime'
import { startDemo, type Demo } from './support'

const PURCHASE = '/credentials/touch_passes'

/**
 * The fault after commit: the console carries out a write, then its answer is lost (the connection
 * is cut, or a proxy answers 502). The state afterwards holds the write, once.
 */
describe('demo console: a write carried out whose answer is lost', () => {
  let demo: Demo
  const passes = async () => (await demo.control('GET', '/state')).body.data.touchPasses as number
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterEach(async () => {
    await demo.control('DELETE', '/faults')
  })
  afterAll(() => demo.stop())

  it('reset: the connection is cut after the purchase was saved; the passes are on the console', async () => {
    const before = await passes()
    await demo.control('PUT', '/faults', { afterCommit: { reset: 1 } })
    await expect(demo.api('POST', PURCHASE, { body: { count: 3 } })).rejects.toThrow(/socket hang up|ECONNRESET/)
    expect(await passes()).toBe(before + 3)
    // The console still answers reads, and its stored records are the new ones.
    expect((await demo.api('GET', '/doors')).status).toBe(200)
    const held = (await demo.control('GET', '/state/touchPasses')).body.data as unknown[]
    expect(held).toHaveLength(before + 3)
  })

  it("status502: a proxy's HTML 502 replaces the answer; the write was done", async () => {
    const before = await passes()
    await demo.control('PUT', '/faults', { afterCommit: { status502: 1 } })
    const answer = await demo.api('POST', PURCHASE, { body: { count: 2 } })
    expect(answer.status).toBe(502)
    expect(answer.headers['content-type']).toMatch(/^text\/html/)
    expect(answer.raw.toString()).toContain('502 Bad Gateway')
    expect(await passes()).toBe(before + 2)
  })

  it('leaves reads and refused writes alone, and only the writes `paths` names', async () => {
    await demo.control('PUT', '/faults', {
      afterCommit: { reset: 1, status502: 1, paths: ['POST /api/v1/developer/visitors'] }
    })
    const state = (await demo.control('GET', '/state')).body.data
    expect(state.faults.afterCommit.paths).toEqual(['POST /visitors'])
    // A read and a write of another path are answered as usual.
    expect((await demo.api('GET', '/doors')).status).toBe(200)
    const before = await passes()
    expect((await demo.api('POST', PURCHASE, { body: { count: 1 } })).status).toBe(200)
    expect(await passes()).toBe(before + 1)
    // A refused write (a bad body) changed nothing: its refusal comes back.
    const refused = await demo.api('POST', '/visitors', { body: {} })
    expect([refused.status, refused.body.code]).toEqual([400, 'CODE_PARAMS_INVALID'])
  })

  it('thenDown: the console goes down with the answer it lost, until the faults are set again', async () => {
    const before = await passes()
    await demo.control('PUT', '/faults', { afterCommit: { status502: 1, thenDown: true } })
    // A read before the lost answer is served: the outage begins with the write.
    expect((await demo.api('GET', '/doors')).status).toBe(200)
    expect((await demo.api('POST', PURCHASE, { body: { count: 1 } })).status).toBe(502)
    expect((await demo.api('GET', '/doors')).status).toBe(500)
    await demo.control('DELETE', '/faults')
    expect((await demo.api('GET', '/doors')).status).toBe(200)
    expect(await passes()).toBe(before + 1)
  })

  it('refuses a malformed setting: a rate out of range, a pattern that can never match, an unknown field', async () => {
    for (const afterCommit of [{ reset: 2 }, { status502: 1, paths: ['/visitors'] }, { paths: [] }, { drop: 1 }]) {
      const refused = await demo.control('PUT', '/faults', { afterCommit })
      expect([refused.status, refused.body.code]).toEqual([400, 'CODE_PARAMS_INVALID'])
      expect(refused.body.msg).toMatch(/^afterCommit/)
    }
    expect((await demo.control('GET', '/state')).body.data.faults).toEqual({})
  })

  it("draws reset before 502 before the console's 500, each with its own rate", () => {
    const runtime = new Runtime()
    runtime.setFaults({ afterCommit: { reset: 0.5, status502: 0.5 } })
    const draws =
      (...values: number[]) =>
      () =>
        values.shift()!
    expect(runtime.afterCommitFor('POST', ['/visitors'], 200, draws(0.4))).toBe('reset')
    expect(runtime.afterCommitFor('POST', ['/visitors'], 200, draws(0.6, 0.4))).toBe('502')
    expect(runtime.afterCommitFor('POST', ['/visitors'], 200, draws(0.6, 0.6))).toBe('answer')
    expect(runtime.afterCommitFor('GET', ['/visitors'], 200, draws(0))).toBe('answer')
    expect(runtime.afterCommitFor('PUT', ['/visitors/1'], 400, draws(0))).toBe('answer')
    // The console's own 500 is drawn last.
    runtime.setFaults({ afterCommit: { reset: 0.5, status502: 0.5, status500: 0.5 } })
    expect(runtime.afterCommitFor('POST', ['/visitors'], 200, draws(0.6, 0.6, 0.4))).toBe('500')
    expect(runtime.afterCommitFor('POST', ['/visitors'], 200, draws(0.6, 0.6, 0.6))).toBe('answer')
  })
})
