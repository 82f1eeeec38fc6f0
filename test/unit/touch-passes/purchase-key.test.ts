import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { touchPassHandlers } from '../../../src/main/handlers/touch-passes'
import { TouchPassService } from '../../../src/main/services/touch-passes/touch-pass-service'
import { createDispatch, type Dispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'
import type { AppServices } from '../../../src/main/services/app-services'
import type { AccessClient } from '../../../src/main/services/access/client'
import type { AttemptEvent } from '../../../src/main/services/access/http'
import type { Envelope } from '../../../src/shared/ipc/define'
import { failure, startDemo, type Demo } from '../access/support'

/** A fault pattern is matched against the path under /api/v1/developer. */
const PURCHASE = 'POST /credentials/touch_passes'
const LIST = 'GET /credentials/touch_passes'
const CHECK_LIST = 'The purchase may or may not have gone through: check the Touch Pass list before trying again.'

/**
 * Main's purchase guard (a purchase is sent once, never retried, and its key is never forgotten)
 * against the demo console over pinned HTTPS. The handlers get the client the app would build;
 * some tests wrap one client call to change the console's faults at an exact moment.
 */
describe('touchPasses.purchase: the purchase key and what a failure says', () => {
  let demo: Demo
  let attempts: AttemptEvent[]
  let client: AccessClient
  let dispatch: Dispatch

  const servicesWith = (c: AccessClient) =>
    ({ touchPasses: new TouchPassService(async () => c) }) as unknown as AppServices
  const dispatchWith = (c: AccessClient) => createDispatch(touchPassHandlers(servicesWith(c)) as unknown as Handlers)
  const consoleCount = async () =>
    (await demo.control<{ data: { touchPasses: number } }>('GET', '/__demo/state')).body.data.touchPasses
  const faults = (body: unknown) => demo.control('PUT', '/__demo/faults', body)
  const clearFaults = () => demo.control('DELETE', '/__demo/faults')
  const failed = (reply: Envelope) => {
    if (reply.ok) throw new Error('expected a refusal')
    return reply.error
  }

  beforeAll(async () => {
    demo = await startDemo()
    client = demo.client('full', { onAttempt: (e) => attempts.push(e) })
    dispatch = dispatchWith(client)
  })
  beforeEach(async () => {
    attempts = []
    await clearFaults()
  })
  afterAll(async () => {
    await demo?.stop()
  })

  it('a retry with the same key after a failed purchase is refused and buys nothing: the key is kept on failure', async () => {
    const before = await consoleCount()
    const key = crypto.randomUUID()
    await faults({ errorRate: { [PURCHASE]: 1 } })
    expect(failed(await dispatch('touchPasses.purchase', { count: 1, idempotencyKey: key }))).toMatchObject({
      kind: 'server',
      retryable: false
    })
    // The console is back; the same key (a retried message, a second Enter) must still not buy.
    await clearFaults()
    const again = failed(await dispatch('touchPasses.purchase', { count: 1, idempotencyKey: key }))
    expect(again).toEqual({
      kind: 'conflict',
      code: 'DUPLICATE_PURCHASE',
      message: 'This purchase was already sent once; it was not sent again.',
      hint: 'Check the Touch Pass list to see what was bought before starting a new purchase.',
      retryable: false
    })
    expect(await consoleCount()).toBe(before)
    // Only the failed attempt reached the console.
    expect(attempts.filter((a) => a.endpoint === 'E14')).toHaveLength(1)
    // A new purchase (a new key) is the user's decision, and buys exactly what it asks.
    const fresh = await dispatch('touchPasses.purchase', { count: 1, idempotencyKey: crypto.randomUUID() })
    expect(fresh).toMatchObject({ ok: true, result: { listed: { before, after: before + 1 } } })
    expect(await consoleCount()).toBe(before + 1)
  })

  it('a second purchase with the same key after a success is refused; the console gained the count once', async () => {
    const before = await consoleCount()
    const key = crypto.randomUUID()
    const first = await dispatch('touchPasses.purchase', { count: 3, idempotencyKey: key })
    expect(first).toMatchObject({ ok: true, result: { listed: { before, after: before + 3 } } })
    expect(failed(await dispatch('touchPasses.purchase', { count: 3, idempotencyKey: key }))).toMatchObject({
      code: 'DUPLICATE_PURCHASE'
    })
    expect(await consoleCount()).toBe(before + 3)
  })

  it("a console failure's own advice to try again is dropped: only 'check the list' is said", async () => {
    await faults({ errorRate: { [PURCHASE]: 1 } })
    const error = failed(await dispatch('touchPasses.purchase', { count: 1, idempotencyKey: crypto.randomUUID() }))
    // The console's error stays what it was (kind, code, words); only the advice changes.
    expect(error).toMatchObject({
      kind: 'server',
      code: 'CODE_SYSTEM_ERROR',
      message: 'The console reported an internal error.',
      retryable: false
    })
    expect(error.hint).toBe(CHECK_LIST)
  })

  it('an answer the app cannot read does not say "nothing was changed": the console bought the passes', async () => {
    const before = await consoleCount()
    await demo.control('PUT', '/__demo/variants', { purchaseAnswer: 'unreadable' })
    try {
      const error = failed(await dispatch('touchPasses.purchase', { count: 2, idempotencyKey: crypto.randomUUID() }))
      expect(error).toMatchObject({ kind: 'server', code: 'UNEXPECTED_RESPONSE', retryable: false })
      expect(error.hint).toBe(CHECK_LIST)
    } finally {
      await demo.control('PUT', '/__demo/variants', { purchaseAnswer: 'first' })
    }
    // Which is why the list has to be checked: the purchase went through.
    expect(await consoleCount()).toBe(before + 2)
  })

  it('a rate limit says "wait and try again", which is dropped too: it is retryable advice', async () => {
    const before = await consoleCount()
    // One request passes (the count before), the purchase itself is answered 429.
    await faults({ rateLimit: { requests: 1, retryAfterSeconds: 60 } })
    const error = failed(await dispatch('touchPasses.purchase', { count: 1, idempotencyKey: crypto.randomUUID() }))
    await clearFaults()
    expect(error).toMatchObject({ kind: 'rate-limited', retryable: false })
    expect(error.hint).toBe(CHECK_LIST)
    expect(await consoleCount()).toBe(before)
  })

  it('a refusal that is not worth retrying keeps its own hint, then says to check the list', async () => {
    const view = demo.client('view')
    const own = await failure(view.touchPasses.purchase(1))
    expect(own.kind).toBe('permission')
    expect(own.hint).toMatch(/edit:credential/)
    const error = failed(
      await dispatchWith(view)('touchPasses.purchase', { count: 1, idempotencyKey: crypto.randomUUID() })
    )
    expect(error).toMatchObject({ kind: 'permission', retryable: false })
    expect(error.hint).toBe(`${own.hint} ${CHECK_LIST}`)
  })

  it('a refusal without a hint of its own says only to check the list', async () => {
    // The console's own validation (count 0), reached by calling the handler past the channel's schema.
    const handlers = touchPassHandlers(servicesWith(client))
    const error = await failure(handlers['touchPasses.purchase']({ count: 0, idempotencyKey: crypto.randomUUID() }))
    expect(error).toMatchObject({ kind: 'validation', retryable: false })
    expect(error.hint).toBe(CHECK_LIST)
  })

  it('a list that cannot be counted before leaves `listed` out, buys anyway and does not count after', async () => {
    const before = await consoleCount()
    await faults({ errorRate: { [LIST]: 1 } })
    const reply = await dispatch('touchPasses.purchase', { count: 2, idempotencyKey: crypto.randomUUID() })
    await clearFaults()
    expect(reply.ok).toBe(true)
    if (!reply.ok) return
    expect(reply.result).not.toHaveProperty('listed')
    expect((reply.result as { items: unknown[] }).items).toHaveLength(1)
    expect(await consoleCount()).toBe(before + 2)
    // Nothing read the list after the purchase: with no count before, one after would say nothing.
    const purchaseAt = attempts.findIndex((a) => a.endpoint === 'E14')
    expect(purchaseAt).toBeGreaterThan(0)
    expect(attempts.slice(purchaseAt + 1)).toEqual([])
  })

  it('a list that cannot be counted after the purchase leaves `listed` out; the purchase stands', async () => {
    const before = await consoleCount()
    // The list fails from the moment the purchase is answered.
    const failingAfter = {
      ...client,
      touchPasses: {
        ...client.touchPasses,
        purchase: async (count: number, options?: Parameters<AccessClient['touchPasses']['purchase']>[1]) => {
          const items = await client.touchPasses.purchase(count, options)
          await faults({ errorRate: { [LIST]: 1 } })
          return items
        }
      }
    } as AccessClient
    const reply = await dispatchWith(failingAfter)('touchPasses.purchase', {
      count: 1,
      idempotencyKey: crypto.randomUUID()
    })
    await clearFaults()
    expect(reply.ok).toBe(true)
    if (reply.ok) expect(reply.result).not.toHaveProperty('listed')
    expect(await consoleCount()).toBe(before + 1)
  })

  it('gives a purchase longer to answer than an ordinary call, since it is never retried', async () => {
    // A purchase the console answers after 16 s would be cut off by the ordinary 15 s wait and
    // reported as failed. Making the console that slow costs 16 s in every mutation run, so the
    // wait the handler asks the client for is read instead.
    const asked: (number | undefined)[] = []
    const recording = {
      ...client,
      touchPasses: {
        ...client.touchPasses,
        purchase: (count: number, options?: Parameters<AccessClient['touchPasses']['purchase']>[1]) => {
          asked.push(options?.timeoutMs)
          return client.touchPasses.purchase(count, options)
        }
      }
    } as AccessClient
    const reply = await dispatchWith(recording)('touchPasses.purchase', {
      count: 1,
      idempotencyKey: crypto.randomUUID()
    })
    expect(reply.ok).toBe(true)
    expect(asked).toEqual([45_000])
  })
})
