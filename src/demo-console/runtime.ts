import { z } from 'zod'

/** Live-console shapes the demo can reproduce (facts section 6), switched through PUT /__demo/variants. */
export const variantsSchema = z.strictObject({
  /** E3 result: `card_id` (documented) or `id` (live consoles). */
  pollResultField: z.enum(['id', 'card_id']).optional(),
  /** Visitor schedule map: `weekly` (every sample) or `week_schedule` (the §4.1 schema). */
  scheduleKey: z.enum(['weekly', 'week_schedule']).optional(),
  /** Envelope msg on success: `success`, or `succ` as in the §6.8/§6.12 samples. */
  successMsg: z.enum(['success', 'succ']).optional(),
  /**
   * E14 with count > 1: the spec shows one object (`first`); `array` answers every pass bought;
   * `unreadable` buys them and answers a body no known console sends (a console version the app does not know).
   */
  purchaseAnswer: z.enum(['first', 'array', 'unreadable']).optional(),
  /** pagination.page_size: the size asked for, or the number of records returned (the samples' quirk). */
  pageSizeEcho: z.enum(['requested', 'returned']).optional()
})
export type Variants = Required<z.infer<typeof variantsSchema>>

const defaultVariants: Variants = {
  pollResultField: 'card_id',
  scheduleKey: 'weekly',
  successMsg: 'success',
  purchaseAnswer: 'first',
  pageSizeEcho: 'requested'
}

/**
 * `"<METHOD> <path>"` (path after /api/v1/developer; `*` matches anything, `:name` a segment) or `"*"`.
 * A pattern that can never match would switch nothing on without a word: its shape is checked.
 */
const pathPattern = z
  .string()
  .regex(/^(\*|[A-Za-z*]+ [/*]\S*)$/, 'a pattern is "*" or "<METHOD> /path" (the path after /api/v1/developer)')
  .transform((pattern) => pattern.replace(/^([A-Za-z]+) \/api\/v1\/developer(?=\/)/, '$1 '))

/** Faults for resilience tests, switched through PUT /__demo/faults. They apply to /api/v1/developer only. */
export const faultsSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  /** Pattern (see pathPattern) → probability of a 500 before the handler runs. */
  errorRate: z.record(pathPattern, z.number().min(0).max(1)).optional(),
  /** Probability of destroying the connection without an answer (before the handler: nothing is done). */
  resetRate: z.number().min(0).max(1).optional(),
  /**
   * Every Access API request answered 401 (`CODE_ACCESS_TOKEN_INVALID`), as by a console whose API token was
   * deleted or rotated meanwhile: the console answers and refuses the token (before the handler: nothing is done).
   */
  tokenRefused: z.boolean().optional(),
  /**
   * A write the console carried out whose answer is lost: after the handler saved its change, the
   * connection is cut (`reset`) or a proxy's HTML 502 replaces the answer (`status502`), each with
   * its probability (reset is drawn first), or the console answers its own 500 (`status500`, drawn last). Only writes (not GET) that succeeded: a refused write
   * changed nothing. `paths` narrows it to some writes (patterns as errorRate's); absent, every write.
   */
  afterCommit: z
    .strictObject({
      reset: z.number().min(0).max(1).optional(),
      status502: z.number().min(0).max(1).optional(),
      /** The console's own 500 (`CODE_SYSTEM_ERROR`) after it carried the write out: an error late in its handling. */
      status500: z.number().min(0).max(1).optional(),
      paths: z.array(pathPattern).min(1).optional(),
      /**
       * The console goes down with the answer it lost: every Access API request after it is answered
       * 500 until the faults are set again (an outage that began mid-write: the app's read-back fails too).
       */
      thenDown: z.boolean().optional()
    })
    .optional(),
  /** After `requests` requests in a window of `retryAfterSeconds`, answer 429 with Retry-After. */
  rateLimit: z
    .strictObject({ requests: z.number().int().min(0), retryAfterSeconds: z.number().int().min(1).max(3600) })
    .optional()
})
export type Faults = z.infer<typeof faultsSchema>

export class Runtime {
  variants: Variants = { ...defaultVariants }
  faults: Faults = {}
  /** Down since a lost answer of `afterCommit.thenDown`: every Access API request fails till faults are set again. */
  down = false
  private window = { start: 0, count: 0 }

  setFaults(faults: Faults) {
    this.faults = faults
    this.down = false
    this.window = { start: Date.now(), count: 0 }
  }

  /** Seconds to wait when the rate limit is hit, or undefined when the request may pass. */
  rateLimited(now = Date.now()): number | undefined {
    const limit = this.faults.rateLimit
    if (!limit) return undefined
    const windowMs = limit.retryAfterSeconds * 1000
    if (now - this.window.start >= windowMs) this.window = { start: now, count: 0 }
    if (this.window.count < limit.requests) {
      this.window.count++
      return undefined
    }
    return Math.max(1, Math.ceil((this.window.start + windowMs - now) / 1000))
  }

  errorRateFor(method: string, paths: string[]): number {
    const rates = this.faults.errorRate
    if (!rates) return 0
    let rate = 0
    for (const [pattern, value] of Object.entries(rates)) {
      if (matchesAny(pattern, method, paths)) rate = Math.max(rate, value)
    }
    return rate
  }

  /**
   * What becomes of the answer to a write the console has carried out (status below 400): sent,
   * lost with the connection, or replaced by a 502. GETs are never touched: they change nothing.
   */
  afterCommitFor(
    method: string,
    paths: string[],
    status: number,
    draw = Math.random
  ): 'answer' | 'reset' | '502' | '500' {
    const fault = this.faults.afterCommit
    if (!fault || method === 'GET' || method === 'HEAD' || status >= 400) return 'answer'
    if (fault.paths && !fault.paths.some((pattern) => matchesAny(pattern, method, paths))) return 'answer'
    const fate =
      fault.reset && draw() < fault.reset
        ? 'reset'
        : fault.status502 && draw() < fault.status502
          ? '502'
          : fault.status500 && draw() < fault.status500
            ? '500'
            : 'answer'
    if (fate !== 'answer' && fault.thenDown) this.down = true
    return fate
  }
}

function matchesAny(pattern: string, method: string, paths: string[]): boolean {
  return pattern === '*' || paths.some((p) => matches(pattern, `${method} ${p}`))
}

function matches(pattern: string, subject: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-z_]+/g, '[^/]+'))
    .join('.*')
  return new RegExp(`^${source}$`, 'i').test(subject)
}
