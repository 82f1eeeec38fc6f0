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
