import { AppError } from '../../../shared/errors'

/**
 * Retries for idempotent reads only (the caller decides: http.ts wraps GETs, nothing else):
 * exponential backoff with full jitter, `Retry-After` honoured on 429, stopped by the signal.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number
  baseDelayMs: number
  maxDelayMs: number
  /** A 429 asking to wait longer than this is handed to the user instead of waited out. */
  maxRetryAfterMs: number
}

export const defaultRetryPolicy: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000
}

/** Full jitter: a uniform wait in [0, min(max, base·2^(n−1))] before retry n. */
export function backoffMs(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1))
  return Math.floor(random() * ceiling)
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  const text = String(value).trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text)
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, Math.ceil((date - now) / 1000))
}

/** How long to wait before retry `retry` (1-based) after `err`, or undefined to give up. */
export function retryDelayMs(
  err: unknown,
  retry: number,
  policy: RetryPolicy,
  random: () => number = Math.random
): number | undefined {
  if (!(err instanceof AppError) || !err.retryable || retry >= policy.attempts) return undefined
  if (err.kind === 'rate-limited') {
    const seconds = err.details?.retryAfterSeconds
    if (typeof seconds === 'number') {
      const ms = seconds * 1000
      return ms > policy.maxRetryAfterMs ? undefined : ms
    }
  }
  return backoffMs(retry, policy, random)
}

export function cancelled(what = 'The request'): AppError {
  return new AppError({ kind: 'cancelled', code: 'CANCELLED', message: `${what} was cancelled.` })
}

/** Wait, or reject as cancelled as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(cancelled())
  if (ms <= 0) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer)
      reject(cancelled())
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

export async function withRetry<T>(
  attempt: (n: number) => Promise<T>,
  options: { policy?: RetryPolicy; signal?: AbortSignal; random?: () => number } = {}
): Promise<T> {
  const policy = options.policy ?? defaultRetryPolicy
  for (let n = 1; ; n++) {
    try {
      return await attempt(n)
    } catch (err) {
      if (options.signal?.aborted) throw err instanceof AppError && err.kind === 'cancelled' ? err : cancelled()
      const delay = retryDelayMs(err, n, policy, options.random)
      if (delay === undefined) throw err
      await sleep(delay, options.signal)
    }
  }
}
