import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { CallObserver } from '../../../src/main/services/access/http'
import { startDemo, type Demo } from './support'

type Outcome = Parameters<CallObserver>[0]

/** The HTTP layer tells its observer of every call once, after a read's retries: what the connection state is made of. */
describe('every call’s outcome, told once', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo?.stop())
  afterEach(() => demo.control('DELETE', '/__demo/faults'))

  function observed() {
    const outcomes: Outcome[] = []
    const attempts: number[] = []
    const client = demo.client('full', {
      onOutcome: (o) => outcomes.push(o),
      onAttempt: (a) => attempts.push(a.attempt)
    })
    return { client, outcomes, attempts }
  }

  it('a success: once, with its endpoint (and so its permission key), no error', async () => {
    const { client, outcomes } = observed()
    await client.nfcCards.list({ page: 1, pageSize: 1 })
    expect(outcomes).toHaveLength(1)
    expect(outcomes[0]!.endpoint).toMatchObject({ id: 'E6', permission: 'view:credential' })
    expect(outcomes[0]!.error).toBeUndefined()
  })

  it('a read failing on every try: once, after the retries, with the error the caller gets', async () => {
    await demo.control('PUT', '/__demo/faults', { errorRate: { 'GET /devices': 1 } })
    const { client, outcomes, attempts } = observed()
    const thrown = await client.devices.list().catch((e: unknown) => e)
    expect(attempts).toEqual([1, 2, 3])
    expect(outcomes).toHaveLength(1)
    expect(outcomes[0]!.error).toBe(thrown)
    expect(outcomes[0]!.error).toMatchObject({ kind: 'server' })
  })

  it('a write refused, a 404: told too (what they mean is decided by the classification, not here)', async () => {
    await demo.control('PUT', '/__demo/scopes', { token: 'view', keys: ['view:credential'] })
    const outcomes: Outcome[] = []
    const viewer = demo.client('view', { onOutcome: (o) => outcomes.push(o) })
    await expect(viewer.sessions.remove('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      kind: 'permission'
    })
    const { client, outcomes: full } = observed()
    await expect(client.visitors.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      kind: 'not-found'
    })
    expect(outcomes.map((o) => [o.endpoint.id, o.error?.kind])).toEqual([['E4', 'permission']])
    expect(full.map((o) => o.error?.kind)).toEqual(['not-found'])
  })

  it('an observer that throws does not change the answer the caller gets', async () => {
    const client = demo.client('full', {
      onOutcome: () => {
        throw new Error('observer trouble')
      }
    })
    const page = await client.nfcCards.list({ page: 1, pageSize: 1 })
    expect(page.items).toHaveLength(1)
    expect(page.total).toBeGreaterThan(0)
  })
})
