import { AppError } from '../../../../shared/errors'

/** The changes a person makes to one Touch Pass from its details. */
export type PassAction = 'rename' | 'ACTIVE' | 'SUSPENDED' | 'unbundle' | 'assign' | 'unassign'

const done: Record<PassAction, string> = {
  rename: 'The pass was not renamed.',
  ACTIVE: 'The pass was not activated.',
  SUSPENDED: 'The pass was not suspended.',
  unbundle: 'The device was not unbundled.',
  assign: 'The pass was not given to the user.',
  unassign: 'The pass was not taken back.'
}

/** What to do when the console refuses an action by one of its rules (not a missing key). */
const ruleHints: Record<PassAction, string> = {
  rename: 'Open the pass again to see its current state, then rename it.',
  ACTIVE: 'An expired pass cannot be activated. Open the pass again to see its current status.',
  SUSPENDED: 'Open the pass again to see its current status.',
  unbundle: 'Open the pass again: the device may already be gone.',
  assign:
    'A user holds at most one Touch Pass, and only a suspended or inactive pass can be given. Pick another user, or take back the pass this user holds first.',
  unassign: 'Open the pass again to see who holds it now.'
}

/**
 * A failed change, said for the one action that failed: what did not happen, the console's own
 * reason (carried in the message), and what to do. Other actions are not affected by it.
 */
export function refusal(action: PassAction, err: AppError): AppError {
  const hint =
    err.hint ??
    (err.kind === 'conflict' || err.kind === 'validation'
      ? ruleHints[action]
      : err.kind === 'not-found'
        ? 'The pass or the user is no longer on the console: refresh the list.'
        : undefined)
  return new AppError({ ...err.toData(), message: `${done[action]} ${err.message}`, ...(hint ? { hint } : {}) })
}
