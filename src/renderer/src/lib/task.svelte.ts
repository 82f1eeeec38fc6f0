import { AppError } from '../../../shared/errors'
import { Latest } from './latest'

/**
 * How long an action may take before its screen says it is at work: an answer under it shows no
 * flicker; over it, `slow` turns on and the action's button says so ("Checking…"), with aria-busy.
 */
export const SLOW_AFTER_MS = 400

/**
 * The state of a user action in flight: `busy` disables its buttons (no double submit) and a
 * failure lands in `error` as the error model, for ErrorNotice. One per form or panel.
 */
export class Task {
  /** The name of the action running, so only its own button says "Saving…"; null when idle. */
  doing = $state<string | null>(null)
  readonly busy = $derived(this.doing !== null)
  error = $state<AppError | null>(null)
  /** The name of the action `error` belongs to: a refusal is shown where that action is. */
  failed = $state<string | null>(null)
  /**
   * The action has run longer than SLOW_AFTER_MS: its screen shows a busy state (a typed NFC ID is
   * checked with the console by main, which may take seconds, and nothing else on the screen moves).
   */
  slow = $state(false)

  private readonly explain: (error: AppError, name: string) => AppError

  /** `explain`: turns a failure into what this panel says about it (a refusal in the panel's words). */
  constructor(explain: (error: AppError, name: string) => AppError = (error) => error) {
    this.explain = explain
  }

  /** Run an action; resolves to false when it failed (the error is kept, not thrown). */
  async run(action: () => Promise<unknown>, name = 'run'): Promise<boolean> {
    if (this.doing !== null) return false
    this.doing = name
    this.clear()
    const timer = setTimeout(() => (this.slow = true), SLOW_AFTER_MS)
    try {
      await action()
      return true
    } catch (err) {
      this.error = this.explain(AppError.from(err), name)
      this.failed = name
      return false
    } finally {
      clearTimeout(timer)
      this.slow = false
      this.doing = null
    }
  }

  clear(): void {
    this.error = null
    this.failed = null
  }
}

/**
 * A lookup that a newer one replaces (search as you type): unlike Task it never refuses to start,
 * and a slow answer to an earlier lookup neither lands nor clears `busy` (the newest one owns them).
 */
export class Lookup {
  busy = $state(false)
  error = $state<AppError | null>(null)
  private readonly requests = new Latest()

  /**
   * `land` takes the answer, `fail` runs after a failure (with `error` set), each only while this is
   * the newest lookup; they run as soon as the answer is in, so the screen never shows a stale step.
   */
  async run<T>(lookup: () => Promise<T>, land?: (answer: T) => void, fail?: () => void): Promise<void> {
    const ticket = this.requests.next()
    this.busy = true
    this.error = null
    try {
      const answer = await lookup()
      if (this.requests.isCurrent(ticket)) land?.(answer)
    } catch (err) {
      if (!this.requests.isCurrent(ticket)) return
      this.error = AppError.from(err)
      fail?.()
    } finally {
      if (this.requests.isCurrent(ticket)) this.busy = false
    }
  }

  /** Forget the lookup in flight (the field was emptied, the picker closed). */
  cancel(): void {
    this.requests.cancelAll()
    this.busy = false
    this.error = null
  }
}
