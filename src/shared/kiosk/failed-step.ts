import type { AppErrorData } from '../errors'
import type { KioskRefusal } from './schemas'

/**
 * What a console call of the kiosk that failed means for the visitor standing there: the one place
 * the kiosk classifies a failed step, by the error's kind.
 * - `offline`: the console did not answer (network, certificate, busy, a server error worth trying
 *   again): the kiosk goes on from what it holds, and says it works offline.
 * - a refusal: the console answered and said no. A token that lacks a key or is refused is not an
 *   outage, and must not be said as one: the desk is told the true reason (Today's kiosk list, as
 *   the Audit row says it), the visitor only to see the desk.
 * A visit no more on the console (deleted since it was found) is, to the visitor, cancelled — but only
 * for a call about that one visit (`visit`): a read of today's visitors (`visitors`) answered "not
 * found" (a console without the endpoint) cancels nobody, the console refused the call.
 */
export type FailedStep = { kind: 'offline' } | { kind: 'refused'; refusal: KioskRefusal }

export function failedStep(
  err: Pick<AppErrorData, 'kind' | 'retryable' | 'details'>,
  about: 'visit' | 'visitors'
): FailedStep {
  switch (err.kind) {
    case 'network':
    case 'tls':
    case 'rate-limited':
    case 'cancelled':
      return { kind: 'offline' }
    case 'server':
      // A 5xx worth trying again is a console not working now; one that is not is its answer.
      return err.retryable ? { kind: 'offline' } : refusedFor('answer')
    case 'permission': {
      const key = err.details?.['permission']
      return refusedFor('permission', typeof key === 'string' ? key : undefined)
    }
    case 'auth':
      return refusedFor('auth')
    case 'not-found':
      return about === 'visit' ? { kind: 'refused', refusal: { reason: 'cancelled' } } : refusedFor('answer')
    default:
      return refusedFor('answer')
  }
}

function refusedFor(cause: 'permission' | 'auth' | 'answer', key?: string): FailedStep {
  return { kind: 'refused', refusal: { reason: 'console-refused', cause, ...(key !== undefined && { key }) } }
}
