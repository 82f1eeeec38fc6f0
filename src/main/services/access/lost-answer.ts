import { AppError } from '../../../shared/errors'
import type { EndpointInfo } from '../../../shared/access/endpoints'

/**
 * Socket failures that come before a request is sent: nothing reached the console, so nothing was
 * done (the error's own "try again" stands).
 */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])

/**
 * The console's answer to a request was lost: the connection was cut or timed out after the request
 * went out, or something in between (a proxy) answered 5xx without the console's own code. The
 * console may have carried it out. A refusal the console answered (its code, a 4xx) is not lost.
 */
export function answerLost(error: AppError): boolean {
  if (error.kind === 'network') return !NEVER_SENT.has(error.code ?? '')
  return error.kind === 'server' && /^HTTP_5\d\d$/.test(error.code ?? '')
}

/**
 * A write (not a GET) whose answer was lost, said so: the console may have done it, so the person
 * looks before doing it again (a second visitor, a second purchase). The transport's own advice —
 * "check the network, then try again", "try again in a moment" — is replaced: trying again at once
 * is what would do it twice. `retryable` is left as it was: it tells the app's own machinery about
 * the connection, and the HTTP layer never repeats a write anyway. `details.answerLost` marks it.
 */
export function adviseLostWrite(error: AppError, endpoint: EndpointInfo): AppError {
  if (endpoint.method === 'GET' || !answerLost(error)) return error
  const data = error.toData()
  return new AppError({
    ...data,
    hint: `The console may have done it (${endpoint.title}) before its answer was lost: look at the record or the list again before trying again, so it is not done twice.`,
    details: { ...data.details, endpoint: endpoint.id, answerLost: true }
  })
}
