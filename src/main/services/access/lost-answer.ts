import { AppError } from '../../../shared/errors'
import { endpoints, type EndpointInfo } from '../../../shared/access/endpoints'

/**
 * Socket failures that can only come before a request is sent (no connection, no address): what an
 * error made outside AccessHttp, without `details.requestWritten`, is known by.
 */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])

/** Failures of this computer (a card reader, the disk): they come before anything is sent. */
const LOCAL = new Set(['reader', 'storage'])

/**
 * What a failed call means for what the console did — THE rule, used by every screen (the audit
 * row, the roster step, the enrollment line, one-card import, Touch Pass and PIN read-backs, the
 * visitor create check). Never guessed per screen:
 * - `not-sent`: the request never reached the console (connection refused, no address, the
 *   certificate pin refused at the handshake, a cancel or timeout before the request was written):
 *   nothing was done, sending it again is safe.
 * - `answered`: the console answered with a refusal (its code, a 4xx, a 429): nothing was done.
 * - `lost`: the request went out and its answer never came or could not be read (a reset or timeout
 *   after it was written, the person cancelling after that, a 5xx without the console's code such as a
 *   proxy's 502/504 page, an answer that is not the API's): the console may have done it — "to check".
 *   So is the console's own server error on a write it may apply in part (an endpoint declared
 *   `appliesInPart`: E16's CSV import, of one card or a batch's many; or `write.partial`): some or all
 *   of its rows may be on the console.
 * `details.requestWritten` (set by AccessHttp from the request's 'finish') decides for transport
 * failures; without it (an error made elsewhere) only what cannot have been sent is `not-sent`.
 */
export type CallFate = 'not-sent' | 'answered' | 'lost'

/** A write its caller knows the console may apply in part (a batch's upload); E16 says so itself (`appliesInPart`). */
export interface PartialWrite {
  partial?: boolean
}

export function callFate(error: AppError, write?: PartialWrite): CallFate {
  const written = error.details?.requestWritten
  if (error.kind === 'network' || error.kind === 'cancelled' || error.kind === 'tls') {
    if (written === false) return 'not-sent'
    if (written === true) return 'lost'
    if (error.kind === 'tls' || NEVER_SENT.has(error.code ?? '')) return 'not-sent'
    return 'lost'
  }
  if (LOCAL.has(error.kind)) return 'not-sent'
  if (
    error.kind === 'server' &&
    (!error.code || error.code === 'UNEXPECTED_RESPONSE' || /^HTTP_5\d\d$/.test(error.code))
  )
    return 'lost'
  if (error.kind === 'server' && (write?.partial || endpointOf(error)?.appliesInPart)) return 'lost'
  return 'answered'
}

/** The console's answer was lost after the request went out: it may have done it ("to check"). */
export function answerLost(error: AppError, write?: PartialWrite): boolean {
  return callFate(error, write) === 'lost'
}

const endpointsById = new Map<string, EndpointInfo>(Object.values(endpoints).map((e) => [e.id, e]))

/** The endpoint a failed call names (AccessHttp puts its id in the error's details). */
function endpointOf(error: AppError): EndpointInfo | undefined {
  const id = error.details?.endpoint
  return typeof id === 'string' ? endpointsById.get(id) : undefined
}

/**
 * The failed call changes nothing on the console, whatever became of its answer: a read, or a call
 * declared so (`changesNothing`: Generate PIN code, sent as a POST). Nothing is to check, and asking
 * again is safe (a roster's PIN step asks for another PIN). Known by the endpoint the error names.
 */
export function safeToRepeat(error: AppError): boolean {
  const endpoint = endpointOf(error)
  return endpoint !== undefined && (endpoint.method === 'GET' || endpoint.changesNothing === true)
}

/**
 * A write (not a GET) whose answer was lost, said so: the console may have done it, so the person
 * looks before doing it again (a second visitor, a second purchase). The transport's own advice —
 * "check the network, then try again", "try again in a moment" — is replaced: trying again at once
 * is what would do it twice. A call declared to change nothing (`changesNothing`: Generate PIN code)
 * keeps it, as a read does: there is nothing to look at, and asking again is safe. `retryable` is left as it was: it tells the app's own machinery about
 * the connection, and the HTTP layer never repeats a write anyway. `details.answerLost` marks it.
 */
export function adviseLostWrite(error: AppError, endpoint: EndpointInfo): AppError {
  if (endpoint.method === 'GET' || endpoint.changesNothing || !answerLost(error)) return error
  const data = error.toData()
  return new AppError({
    ...data,
    hint: `The console may have done it (${endpoint.title}) before its answer was lost: look at the record or the list again before trying again, so it is not done twice.`,
    details: { ...data.details, endpoint: endpoint.id, answerLost: true }
  })
}

/**
 * A write whose answer was lost, read back and found not done: the transport's "may have done it"
 * advice no longer holds, so the error says what the read found and that trying again is safe
 * (`details.outcome = 'not-done'`, with what was read). The one shape of every read-back's "not done"
 * (Touch Pass read-backs, the visitor create).
 */
export function notDoneError(
  e: AppError,
  message: string,
  details: Record<string, unknown> = {},
  hint = 'Nothing was changed on the console, so trying again is safe.'
): AppError {
  const data = e.toData()
  return new AppError({
    ...data,
    message,
    retryable: true,
    hint,
    details: { ...data.details, answerLost: true, outcome: 'not-done', ...details }
  })
}
