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
 *   certificate pin refused at the handshake, a cancel or timeout before the request was written, the
 *   desk's own check refusing it before sending: `refusedHere`): nothing was done, sending it again is safe.
 * - `answered`: the console answered with a refusal (its code, a 4xx, a 429): nothing was done.
 * - `lost`: the request went out and its answer never came or could not be read (a reset or timeout
 *   after it was written, the person cancelling after that, a 5xx without the console's code such as a
 *   proxy's 502/504 page, an answer that is not the API's): the console may have done it — "to check".
 *   So is every 5xx on a write, the console's own code or not (`500 CODE_SYSTEM_ERROR`): a 5xx is the
 *   server failing, and a console has been seen answering it after it saved the write. A read's 5xx
 *   with the console's code stays its answer (a read changes nothing). So is the console's own server
 *   error on a write it may apply in part (an endpoint declared `appliesInPart`: E16's CSV import, of
 *   one card or a batch's many; or `write.partial`), whatever its status: some or all of its rows may
 *   be on the console.
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
  if (LOCAL.has(error.kind) || refusedHere(error)) return 'not-sent'
  if (serverFailedOnWrite(error)) return 'lost'
  if (
    error.kind === 'server' &&
    (!error.code || error.code === 'UNEXPECTED_RESPONSE' || /^HTTP_5\d\d$/.test(error.code))
  )
    return 'lost'
  if (error.kind === 'server' && (write?.partial || endpointOf(error)?.appliesInPart)) return 'lost'
  return 'answered'
}

/**
 * The desk refused the call itself before sending it (its own check of what it was to send: a path
 * without its id, a body that is not valid): a validation error no console answered, so it carries no
 * HTTP status. The console's own refusal (a 400 or 422) always does.
 */
export function refusedHere(error: AppError): boolean {
  return error.kind === 'validation' && typeof error.details?.status !== 'number'
}

/**
 * How a `lost` call's answer was lost, each said in one sentence of its own (a batch row's reason):
 * - `no-answer`: the request went out and nothing came back in time;
 * - `cut`: the connection was cut (or the call cancelled) after the request went out, before the answer;
 * - `server-error`: an answer came — a 5xx, a proxy's page, something that is not the API's — but it
 *   does not say what was done.
 * Only for a call whose `callFate` is `lost`: the cause is then this kind, not a second sentence.
 */
export type LostKind = 'no-answer' | 'cut' | 'server-error'

const NO_ANSWER = new Set(['TIMEOUT', 'ETIMEDOUT', 'ECONNABORTED'])

export function lostKind(error: AppError): LostKind {
  if (error.kind === 'network' || error.kind === 'cancelled' || error.kind === 'tls')
    return NO_ANSWER.has(error.code ?? '') ? 'no-answer' : 'cut'
  return 'server-error'
}

/** An HTTP 5xx answer (AccessHttp puts the status in the details) to a call that is not a read. */
function serverFailedOnWrite(error: AppError): boolean {
  const status = error.details?.status
  return typeof status === 'number' && status >= 500 && endpointOf(error)?.method !== 'GET'
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
