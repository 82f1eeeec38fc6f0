import { AppError } from '../../../shared/errors'

/**
 * The console answered "no such code / no such visitor / not this" — a fact about this one item (a
 * QR code not assigned yet comes back as a JSON error, facts 6.4/6.6) — as opposed to a console that
 * could not be reached, a token that may not read, or an old console. One predicate for the visitor
 * service, the kiosk and the read-back rules (read-back-rules.ts); the call-verdict module speaks of
 * such an answer as `answered`: the console spoke, about this action alone.
 */
export function refused(err: unknown): boolean {
  if (!(err instanceof AppError)) return false
  return ['not-found', 'validation', 'conflict'].includes(err.kind) || (err.kind === 'server' && !err.retryable)
}
