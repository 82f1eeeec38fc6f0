import type { AppError } from '../../../shared/errors'

/**
 * The one rule of a list read the console refused for a missing permission (Cards, Visitors, Touch
 * Passes): the rows held from before are no longer shown. The token cannot read them now, so they are
 * not the console's list, and showing them beside the refusal would present them as current. Any other
 * failure (no answer, a timeout) keeps them: they are what the console last said, and Retry reads again.
 */
export function dropsHeldRows(err: AppError): boolean {
  return err.kind === 'permission'
}

/**
 * The list's read was refused for a missing permission: the screen shows the refusal only — no rows,
 * no count ("0 of 0"), no empty state ("no cards yet"): nothing was read, so nothing is said of the list.
 */
export function listRefused(err: AppError | null): boolean {
  return err !== null && dropsHeldRows(err)
}
