import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AttemptEvent } from '../../../src/main/services/access/http'
import { failure, startDemo, type Demo } from './support'

describe('faults: retries of reads only, 429, timeouts', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterEach(async () => {
    await demo.control('DELETE', '/__demo/faults')
  })
  afterAll(async () => {
    await demo?.stop()
  })

  function observed(extra: Parameters<Demo['client']>[1] = {}) {
    const attempts: AttemptEvent[] = []
    const client = demo.client('full', { onAttempt: (e) => attempts.push(e), ...extra })
    return { client, attempts }
  }

  it('failing reads are retried until they succeed', async () => {
    // Many attempts with a 50 % failure rate: a read that fails 20 times in a row is a 1-in-a-million.
    const { client, attempts } = observed({ retry: { attempts: 20, baseDelayMs: 1, maxDelayMs: 5 } })
    await demo.control('PUT', '/__demo/faults', { errorRate: { 'GET /credentials/nfc_cards/tokens': 0.5 } })
    for (let i = 0; i < 20; i++) {
      const page = await client.nfcCards.list({ page: 1, pageSize: 5 })
      expect(page.items).toHaveLength(5)
    }
    expect(attempts.some((a) => a.attempt > 1)).toBe(true)
    expect(attempts.some((a) => a.status === 500 || a.errorKind === 'server')).toBe(true)
  })

  it('connection resets on reads are retried too', async () => {
    const { client, attempts } = observed({ retry: { attempts: 20, baseDelayMs: 1, maxDelayMs: 5 } })
    await demo.control('PUT', '/__demo/faults', { resetRate: 0.5 })
    for (let i = 0; i < 10; i++) expect((await client.devices.list()).length).toBeGreaterThan(0)
    expect(attempts.some((a) => a.errorKind === 'network')).toBe(true)
  })

  it('the default policy makes at most 3 attempts', async () => {
    const { client, attempts } = observed()
    await demo.control('PUT', '/__demo/faults', { errorRate: { 'GET /devices': 1 } })
    const err = await failure(client.devices.list())
    expect(err).toMatchObject({ kind: 'server', retryable: true })
    expect(attempts).toHaveLength(3)
  })

  it('purchase, create, import, assign and delete are never retried', async () => {
    const { client, attempts } = observed({ retry: { attempts: 20, baseDelayMs: 1, maxDelayMs: 5 } })
    const [user] = (await client.users.list({ page: 1, pageSize: 1 })).items
    const [card] = (await client.nfcCards.list({ page: 1, pageSize: 1 })).items
    await demo.control('PUT', '/__demo/faults', { errorRate: { 'POST *': 1, 'PUT *': 1, 'DELETE *': 1 } })
    attempts.length = 0
    const calls: [string, () => Promise<unknown>][] = [
      ['E14', () => client.touchPasses.purchase(1)],
      [
        'E17',
        () =>
          client.visitors.create({
            first_name: 'A',
            last_name: 'B',
            visit_reason: 'Business',
            start_time: 1e9,
            end_time: 1e9 + 60
          })
      ],
      ['E16', () => client.nfcCards.importCsv('04AA00000001,x\n')],
      ['§3.9', () => client.users.assignPin(user!.id, '12345678')],
      ['E7', () => client.nfcCards.remove(card!.token)],
      ['E1', () => client.pinCodes.generate()]
    ]
    for (const [endpoint, call] of calls) {
      const before = attempts.length
      const err = await failure(call())
      expect(err.kind, endpoint).toBe('server')
      expect(attempts.slice(before).map((a) => a.endpoint)).toEqual([endpoint])
    }
  })

  it('a 429 is waited out as Retry-After says (reads), and handed back on writes', async () => {
    const { client, attempts } = observed()
    await demo.control('PUT', '/__demo/faults', { rateLimit: { requests: 1, retryAfterSeconds: 1 } })
    await client.devices.list()
    const started = Date.now()
    await client.devices.list()
    expect(Date.now() - started).toBeGreaterThanOrEqual(500)
    expect(attempts.some((a) => a.status === 429 && a.errorKind === 'rate-limited')).toBe(true)

    await demo.control('PUT', '/__demo/faults', { rateLimit: { requests: 0, retryAfterSeconds: 5 } })
    const err = await failure(client.pinCodes.generate())
    expect(err).toMatchObject({ kind: 'rate-limited', details: { retryAfterSeconds: expect.any(Number) } })
    expect(err.hint).toMatch(/Wait \d+ s/)
  })

  it('a slow console times out (per call) and a signal cancels the wait', async () => {
    const { client } = observed({ retry: { attempts: 1 } })
    await demo.control('PUT', '/__demo/faults', { latencyMs: 1500 })
    const err = await failure(client.devices.list({ timeoutMs: 200 }))
    expect(err).toMatchObject({ kind: 'network', code: 'TIMEOUT' })
    // A read changes nothing: it says to try again, never that the request "may or may not have been carried out".
    expect(err.hint).toBe('Check the network to the console, then try again.')
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    expect((await failure(client.nfcCards.all({ signal: controller.signal }))).kind).toBe('cancelled')
  })
})
