import type { AppError } from '../../../shared/errors'
import { toAppError } from './errors'

/**
 * The state of a user action in flight: `busy` disables its buttons (no double submit) and a
 * failure lands in `error` as the error model, for ErrorNotice. One per form or panel.
 */
export class Task {
  busy = $state(false)
  error = $state<AppError | null>(null)

  /** Run an action; resolves to false when it failed (the error is kept, not thrown). */
  async run(action: () => Promise<void>): Promise<boolean> {
    if (this.busy) return false
    this.busy = true
    this.error = null
    try {
      await action()
      return true
    } catch (err) {
      this.error = toAppError(err)
      return false
    } finally {
      this.busy = false
    }
  }
}
