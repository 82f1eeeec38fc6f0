import { afterEach, describe, expect, it, vi } from 'vitest'
import { eachConsoleAll } from '../../../src/main/services/fleet/each-console'
import { FleetService } from '../../../src/main/services/fleet/fleet-service'
import type { AccessClient } from '../../../src/main/services/access/client'
import { profileFixture } from '../../support/profile-fixture'

const slow = { id: 'harbour', name: 'Harbour Office' }

/**
 * A console's time limit means "did not answer", not "answered slowly" (walk C: ten reads of 1.5 s each
 * under one 10 s limit read "did not answer within 10 s" while the sidebar said Connected). A call made
 * of several requests says each answer (`heard`): the limit counts from the last one.
 */
describe('eachConsole: the time limit of a console that answers slowly', () => {
  afterEach(() => vi.useRealTimers())

  /** A read of `answers` requests in a row, each answered after `each` ms. */
  const reads =
    (answers: number, each: number) =>
    async (_profile: typeof slow, _signal: AbortSignal, heard: () => void): Promise<string> => {
      for (let i = 0; i < answers; i++) {
        await new Promise((resolve) => setTimeout(resolve, each))
        heard()
      }
      return 'all read'
    }

  it('is not given up while each request is answered within the limit, though the whole takes longer', async () => {
    vi.useFakeTimers()
    const outcome = eachConsoleAll([slow], reads(10, 1500), { timeoutMs: 10_000 })
    await vi.advanceTimersByTimeAsync(10 * 1500)
    expect(await outcome).toEqual([{ console: slow, ok: true, result: 'all read' }])
  })

  it('is given up when the console stops answering for the whole limit', async () => {
    vi.useFakeTimers()
    const outcome = eachConsoleAll([slow], reads(2, 12_000), { timeoutMs: 10_000 })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await outcome).toEqual([
      {
        console: slow,
        ok: false,
        error: expect.objectContaining({
          code: 'CONSOLE_TIMEOUT',
          message: '"Harbour Office" did not answer within 10 s.'
        })
      }
    ])
  })
})

describe('the Consoles screen’s read of a console that stops answering half-way', () => {
  it('keeps the counts it gave before it stopped, the others not known', async () => {
    const never = () => new Promise<never>(() => undefined)
    const client = {
      nfcCards: { list: async () => ({ total: 42 }) },
      touchPasses: { assignable: never },
      visitors: { all: never },
      http: { request: never }
    } as unknown as AccessClient
    const service = new FleetService({
      profiles: async () => [profileFixture('harbour', 'Harbour Office')],
      test: async () => ({
        ok: true,
        url: 'https://harbour.example:12445',
        latencyMs: 1,
        checkedAt: 1,
        permissions: []
      }),
      client: async () => client,
      stateOf: () => null,
      batchesNotUploaded: async () => 0,
      emit: () => undefined,
      timeouts: { readMs: 50 }
    })
    const [harbour] = await service.consoles('partial')
    expect(harbour!.error).toMatchObject({ code: 'CONSOLE_TIMEOUT' })
    expect(harbour!.counts).toEqual({
      cards: { value: 42 },
      passesToGive: null,
      visitorsToday: null,
      batchesNotUploaded: 0
    })
  })
})
