import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemo, type Demo } from './support'

describe('demo console: faults for resilience tests', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo.stop())

  it('answers 429 with Retry-After after N requests; the control API is never limited', async () => {
    await demo.control('PUT', '/faults', { rateLimit: { requests: 2, retryAfterSeconds: 30 } })
    try {
      expect((await demo.api('GET', '/doors')).status).toBe(200)
      expect((await demo.api('GET', '/doors')).status).toBe(200)
      const limited = await demo.api('GET', '/doors')
      expect(limited.status).toBe(429)
      const wait = Number(limited.headers['retry-after'])
      expect(wait).toBeGreaterThan(0)
      expect(wait).toBeLessThanOrEqual(30)
      expect((await demo.control('GET', '/state')).status).toBe(200)
    } finally {
      await demo.control('DELETE', '/faults')
    }
    expect((await demo.api('GET', '/doors')).status).toBe(200)
  })

  it('takes a pattern with the full /api/v1/developer path too, and refuses one that could never match', async () => {
    const set = await demo.control('PUT', '/faults', {
      errorRate: { 'POST /api/v1/developer/credentials/touch_passes': 1 }
    })
    try {
      expect(set.body.data.errorRate).toEqual({ 'POST /credentials/touch_passes': 1 })
      expect((await demo.api('POST', '/credentials/touch_passes', { body: { count: 1 } })).status).toBe(500)
    } finally {
      await demo.control('DELETE', '/faults')
    }
    const refused = await demo.control('PUT', '/faults', { errorRate: { '/credentials/touch_passes': 1 } })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toMatch(/^errorRate\./)
  })

  it('fails the routes an error rate names, by method and path pattern', async () => {
    await demo.control('PUT', '/faults', {
      errorRate: { 'GET /credentials/nfc_cards/tokens/:token': 1, 'POST /visitors*': 1 }
    })
    try {
      const failed = await demo.api('GET', '/credentials/nfc_cards/tokens/abc')
      expect([failed.status, failed.body.code]).toEqual([500, 'CODE_SYSTEM_ERROR'])
      expect((await demo.api('POST', '/visitors', { body: {} })).status).toBe(500)
      expect((await demo.api('GET', '/credentials/nfc_cards/tokens')).status).toBe(200)
    } finally {
      await demo.control('DELETE', '/faults')
    }
  })

  it('resets connections and delays answers', async () => {
    await demo.control('PUT', '/faults', { resetRate: 1 })
    try {
      await expect(demo.api('GET', '/doors')).rejects.toThrow(/socket hang up|ECONNRESET/)
      // The reset comes before the handler: a purchase cut off this way bought nothing.
      const before = (await demo.control('GET', '/state')).body.data.touchPasses
      await expect(demo.api('POST', '/credentials/touch_passes', { body: { count: 1 } })).rejects.toThrow()
      expect((await demo.control('GET', '/state')).body.data.touchPasses).toBe(before)
    } finally {
      await demo.control('DELETE', '/faults')
    }
    await demo.control('PUT', '/faults', { latencyMs: 150 })
    try {
      const started = Date.now()
      await demo.api('GET', '/doors')
      // Not a timing assertion of our code: the delay we asked for must have happened at all.
      expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    } finally {
      await demo.control('DELETE', '/faults')
    }
  })

  it('refuses malformed fault and variant settings', async () => {
    expect((await demo.control('PUT', '/faults', { errorRate: { '*': 2 } })).body.code).toBe('CODE_PARAMS_INVALID')
    expect((await demo.control('PUT', '/variants', { pollResultField: 'uid' })).body.code).toBe('CODE_PARAMS_INVALID')
  })
})
