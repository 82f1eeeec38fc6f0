import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import {
  backoffMs,
  defaultRetryPolicy,
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
})
