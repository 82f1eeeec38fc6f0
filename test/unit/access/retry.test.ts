import { describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import {
  backoffMs,
  defaultRetryPolicy,
  cancelled,
  parseRetryAfter,
  retryDelayMs,
  sleep,
  withRetry
} from '../../../src/main/services/access/retry'

const serverError = new AppError({ kind: 'server', message: 'boom', retryable: true })
const rateLimited = (seconds?: number) =>
  new AppError({ kind: 'rate-limited', message: 'slow down', retryable: true, details: { retryAfterSeconds: seconds } })

describe('retry policy', () => {
  it('backs off exponentially with full jitter, capped', () => {
    expect(backoffMs(1, defaultRetryPolicy, () => 0.999)).toBe(299)
    expect(backoffMs(2, defaultRetryPolicy, () => 0.999)).toBe(599)
    expect(backoffMs(3, defaultRetryPolicy, () => 0.999)).toBe(1198)
    expect(backoffMs(20, defaultRetryPolicy, () => 0.999)).toBe(4995)
    expect(backoffMs(3, defaultRetryPolicy, () => 0)).toBe(0)
  })

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3)
    expect(parseRetryAfter(2)).toBe(2)
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5)
    expect(parseRetryAfter('soon')).toBeUndefined()
    expect(parseRetryAfter(undefined)).toBeUndefined()
  })

  it('waits what a 429 asks, gives up when it asks too much, and never retries the unretryable', () => {
    expect(retryDelayMs(rateLimited(2), 1, defaultRetryPolicy)).toBe(2000)
    expect(retryDelayMs(rateLimited(120), 1, defaultRetryPolicy)).toBeUndefined()
    expect(retryDelayMs(rateLimited(), 1, defaultRetryPolicy, () => 0.5)).toBe(150)
    expect(retryDelayMs(new AppError({ kind: 'validation', message: 'bad' }), 1, defaultRetryPolicy)).toBeUndefined()
    expect(retryDelayMs(new Error('plain'), 1, defaultRetryPolicy)).toBeUndefined()
    // At most 3 attempts: no delay after the third.
    expect(retryDelayMs(serverError, 3, defaultRetryPolicy)).toBeUndefined()
  })

  it('retries up to the limit, then throws the last error', async () => {
    let calls = 0
    const policy = { ...defaultRetryPolicy, baseDelayMs: 1 }
    await expect(
      withRetry(
        async () => {
          calls++
          throw serverError
        },
        { policy }
      )
    ).rejects.toBe(serverError)
    expect(calls).toBe(3)
    calls = 0
    expect(await withRetry(async (n) => (++calls < 2 ? Promise.reject(serverError) : n), { policy })).toBe(2)
  })

  it('stops waiting as soon as the signal aborts', async () => {
    const controller = new AbortController()
    const started = Date.now()
    const run = withRetry(
      async () => {
        throw rateLimited(10)
      },
      { signal: controller.signal }
    )
    setTimeout(() => controller.abort(), 20)
    await expect(run).rejects.toMatchObject({ kind: 'cancelled' })
    expect(Date.now() - started).toBeLessThan(5000)
    await expect(sleep(10, AbortSignal.abort())).rejects.toMatchObject({ kind: 'cancelled' })
  })

  it('reads only a whole Retry-After value: spaces trimmed, any number of digits, decimals', () => {
    expect(parseRetryAfter(' 3 ')).toBe(3)
    expect(parseRetryAfter('120')).toBe(120)
    expect(parseRetryAfter('1.25')).toBe(1.25)
    // Neither a number nor a date: never read as a number.
    expect(parseRetryAfter('x5')).toBeUndefined()
    expect(parseRetryAfter('5 seconds')).toBeUndefined()
    expect(parseRetryAfter(['7'])).toBeUndefined()
    expect(parseRetryAfter(null)).toBeUndefined()
  })

  it('takes a wait only from a 429, and exactly up to the limit', () => {
    const serverWithWait = new AppError({
      kind: 'server',
      message: 'boom',
      retryable: true,
      details: { retryAfterSeconds: 2 }
    })
    expect(retryDelayMs(serverWithWait, 1, defaultRetryPolicy, () => 0)).toBe(0)
    expect(retryDelayMs(rateLimited(30), 1, defaultRetryPolicy)).toBe(30_000)
    expect(retryDelayMs(rateLimited(31), 1, defaultRetryPolicy)).toBeUndefined()
  })

  it('says what was cancelled', () => {
    expect(cancelled()).toMatchObject({ kind: 'cancelled', code: 'CANCELLED', message: 'The request was cancelled.' })
    expect(cancelled('Fetching cards').message).toBe('Fetching cards was cancelled.')
  })

  it('does not wait at all for a wait of zero or less', async () => {
    for (const ms of [0, -5]) {
      let done = false
      void sleep(ms).then(() => (done = true))
      await Promise.resolve()
      await Promise.resolve()
      expect(done, `sleep(${ms})`).toBe(true)
    }
  })

  it('listens for the abort once and stops listening when the wait is over', async () => {
    const controller = new AbortController()
    const add = vi.spyOn(controller.signal, 'addEventListener')
    const remove = vi.spyOn(controller.signal, 'removeEventListener')
    await sleep(5, controller.signal)
    expect(add).toHaveBeenCalledWith('abort', expect.any(Function), { once: true })
    expect(remove).toHaveBeenCalledWith('abort', add.mock.calls[0]![1])
  })

  it("once aborted, ends with a cancellation: the attempt's own, or a new one in place of any other error", async () => {
    const signal = AbortSignal.abort()
    await expect(
      withRetry(
        async () => {
          throw serverError
        },
        { signal }
      )
    ).rejects.toMatchObject({ kind: 'cancelled', code: 'CANCELLED' })
    const own = cancelled('Fetching cards')
    await expect(
      withRetry(
        async () => {
          throw own
        },
        { signal }
      )
    ).rejects.toBe(own)
  })
})
