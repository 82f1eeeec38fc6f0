import { AppError } from '../../../shared/errors'

/** Any failure as the error model, for display (message + hint, never a stack). */
export function toAppError(err: unknown): AppError {
  return AppError.from(err)
}
