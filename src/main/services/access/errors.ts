import { AppError } from '../../../shared/errors'
import { consoleErrorCodes } from '../../../shared/access/error-codes'
import type { EndpointInfo } from '../../../shared/access/endpoints'
import { networkReasons } from './network-reasons'
import { certificateChanged, chainErrorCodes } from './tls-pinning'
import { parseRetryAfter } from './retry'
import { tokenMenuPath } from '../../../shared/i18n/token-menu-path'

const TOKEN_HINT =
  'Check the token in Settings → Connections. A key from another UniFi app (Protect, Network) does not work here: ' +
  `create one in ${tokenMenuPath.en}.`

/**
 * The console's own words (its `msg`), shown as given and labelled as the console's: they are in the
 * console's language and wording, not the desk's, and a person must not take them for the app's. The
 * one place a console's `msg` reaches a sentence; every error that carries it words it here.
 */
export function consoleSays(msg: string): string {
  return `The console says: “${msg.trim()}”.`
}

function describe(endpoint: EndpointInfo): string {
  return endpoint.id.startsWith('E') ? `${endpoint.title} (${endpoint.id})` : endpoint.title
}

/** A console answer that is not SUCCESS, as an AppError a person can act on. */
export function errorFromResponse(
  endpoint: EndpointInfo,
  status: number,
  body: { code?: string; msg?: string } | undefined,
  headers: Record<string, unknown> = {}
): AppError {
  const code = body?.code
  const consoleMsg = body?.msg && body.msg !== 'success' ? body.msg : undefined
  // Every fact a message names, for the renderer to say it in the desk's language (shared/errors-wording.ts).
  const details: Record<string, unknown> = {
    endpoint: endpoint.id,
    status,
    what: describe(endpoint),
    ...(consoleMsg !== undefined && { consoleMsg })
  }

  if (status === 401 || code === 'CODE_AUTH_FAILED' || code === 'CODE_ACCESS_TOKEN_INVALID') {
    return new AppError({
      kind: 'auth',
      code: code ?? 'HTTP_401',
      message: `The console refused the API token (${describe(endpoint)}).`,
      hint: TOKEN_HINT,
      details
    })
  }
  if (status === 403 || code === 'CODE_UNAUTHORIZED') {
    return new AppError({
      kind: 'permission',
      code: code ?? 'HTTP_403',
      message: `The API token lacks the permission \`${endpoint.permission}\` needed for ${describe(endpoint)}.`,
      hint: `Add \`${endpoint.permission}\` to the token's scopes in ${tokenMenuPath.en}, or use a token that has it.`,
      details: { ...details, permission: endpoint.permission }
    })
  }
  if (status === 429) {
    // A 429 is the console being busy whatever code its body carries (one answered CODE_SYSTEM_ERROR,
    // which the audit and the row then showed as a failure of the console): its own code, the body's kept.
    const retryAfter = parseRetryAfter(headers['retry-after'])
    return new AppError({
      kind: 'rate-limited',
      code: 'RATE_LIMITED',
      message: 'The console is busy (too many requests): try again in a minute.',
      ...(retryAfter !== undefined && { hint: `Wait ${retryAfter} s and try again.` }),
      retryable: true,
      details: { ...details, retryAfterSeconds: retryAfter, ...(code !== undefined && { consoleCode: code }) }
    })
  }
  if (status === 404 && !code && endpoint.minVersion) {
    return new AppError({
      kind: 'unsupported',
      code: 'ENDPOINT_MISSING',
      message: `This console does not offer ${describe(endpoint)}. It needs UniFi Access ${endpoint.minVersion} or newer.`,
      hint: 'Update the Access application on the console.',
      details: { ...details, minVersion: endpoint.minVersion }
    })
  }
  const known = code ? consoleErrorCodes[code] : undefined
  if (known) {
    return new AppError({
      kind: known.kind,
      code,
      message: consoleMsg && known.withConsoleMsg ? `${known.message} ${consoleSays(consoleMsg)}` : known.message,
      hint: known.hint,
      retryable: known.kind === 'server',
      details
    })
  }
  if (status >= 500) {
    return new AppError({
      kind: 'server',
      code: code ?? `HTTP_${status}`,
      message: `The console failed to answer ${describe(endpoint)} (HTTP ${status}).`,
      hint: 'Try again in a moment; if it persists, check the console.',
      retryable: true,
      details
    })
  }
  return new AppError({
    kind:
      status === 404
        ? 'not-found'
        : status === 400 || status === 422
          ? 'validation'
          : status === 409
            ? 'conflict'
            : 'server',
    code: code ?? `HTTP_${status}`,
    message:
      consoleMsg !== undefined
        ? `${describe(endpoint)} failed. ${consoleSays(consoleMsg)}`
        : `${describe(endpoint)} failed: ${code ?? `HTTP ${status}`}.`,
    details: { ...details, failure: code ?? `HTTP ${status}` }
  })
}

/** Failures below HTTP: no route, refused, reset, timeout, TLS. */
export function errorFromTransport(endpoint: EndpointInfo, url: string, err: unknown): AppError {
  if (err instanceof AppError) return err
  const code = (err as NodeJS.ErrnoException)?.code
  const causeCode = (err as { cause?: { code?: string } })?.cause?.code
  const tlsCode = [code, causeCode].find((c) => c && chainErrorCodes.has(c))
  if (tlsCode) return certificateChanged(url)
  if (code === 'ERR_CANCELED') {
    return new AppError({
      kind: 'cancelled',
      code: 'CANCELLED',
      message: `${describe(endpoint)} was cancelled.`,
      details: { endpoint: endpoint.id, what: describe(endpoint) }
    })
  }
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') {
    return new AppError({
      kind: 'network',
      code: 'TIMEOUT',
      message: `The console did not answer ${describe(endpoint)} in time.`,
      // A read's advice: a write whose answer was lost gets its own ("the console may have done it"), from
      // adviseLostWrite in lost-answer.ts, so no read says a list "may or may not have been carried out".
      hint: 'Check the network to the console, then try again.',
      retryable: true,
      details: { endpoint: endpoint.id, what: describe(endpoint) }
    })
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return new AppError({
      kind: 'tls',
      code,
      message: `The console's certificate is ${code === 'CERT_HAS_EXPIRED' ? 'expired' : 'not valid yet'}.`,
      hint: "Check this computer's clock, or install a current certificate on the console."
    })
  }
  const message = err instanceof Error ? err.message : String(err)
  return new AppError({
    kind: 'network',
    code: code ?? 'NETWORK',
    message: `Could not reach the console at ${url}: ${networkReasons[code ?? ''] ?? code ?? message}.`,
    hint: 'Check that the console is on, that this computer is on its network and the address is right, then try again (no restart needed).',
    retryable: true,
    // The endpoint too: whether the call may have changed anything depends on it (lost-answer safeToRepeat).
    details: { url, endpoint: endpoint.id }
  })
}
