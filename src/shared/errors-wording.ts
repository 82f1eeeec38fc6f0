import type { AppErrorData } from './errors'
import type { MessageValues, Words } from './i18n/translator'
import { consoleErrorCodes } from './access/error-codes'

/**
 * Which catalogue message (area `errors`) says an error, and with which values: the one table the
 * renderer words errors from, in the desk's language (or the kiosk visitor's). Main keeps its English
 * `message` and `hint` (the CLI, the logs and the audit read them) and puts every fact they name into
 * `details`; the English catalogue says the same words, so an English desk reads what it always read.
 * A code not here, or a wording that answers null (a variant not worded yet), keeps main's words.
 * test/unit/errors/error-codes-worded.test.ts holds every code main can throw to this table or to its
 * commented English-only list.
 */
export interface ErrorWording {
  /** Catalogue keys, area `errors`. */
  message: string
  hint?: string
  values?: MessageValues
  /** The console's own `msg`: said as given, after the message, labelled as the console's words. */
  consoleMsg?: string
}

type Details = Record<string, unknown>
type Wording = (details: Details, error: AppErrorData) => ErrorWording | null

const text = (d: Details, key: string): string | undefined => (typeof d[key] === 'string' ? d[key] : undefined)
const num = (d: Details, key: string): number | undefined => (typeof d[key] === 'number' ? d[key] : undefined)

/** A wording with only fixed words (the key's message and, when `hint`, its hint). */
const plain =
  (key: string, hint = true): Wording =>
  () => ({ message: `${key}.message`, ...(hint ? { hint: `${key}.hint` } : {}) })

/** A wording that needs facts from `details`: null (main's words) when main did not give them. */
function needs(key: string, names: readonly string[], hint = true): Wording {
  return (d) => {
    const values: MessageValues = {}
    for (const name of names) {
      const value = d[name]
      if (typeof value !== 'string' && typeof value !== 'number') return null
      values[name] = value
    }
    return { message: `${key}.message`, ...(hint ? { hint: `${key}.hint` } : {}), values }
  }
}

/** The console refused the token of a call (HTTP 401 and the console's two codes for it). */
const authRefused = needs('AUTH_REFUSED', ['what'])
/** The token lacks a permission key (HTTP 403, CODE_UNAUTHORIZED). */
const permissionMissing = needs('PERMISSION_MISSING', ['what', 'permission'])

/**
 * The console's codes main words from shared/access/error-codes.ts: the same words, each its own key,
 * followed by the console's own `msg` where main shows it (`withConsoleMsg`).
 */
function consoleCode(key: string, hint: boolean): Wording {
  return (d, error) => {
    const consoleMsg = text(d, 'consoleMsg')
    const shown = consoleMsg !== undefined && consoleErrorCodes[error.code ?? '']?.withConsoleMsg === true
    return { message: `${key}.message`, ...(hint ? { hint: `${key}.hint` } : {}), ...(shown && { consoleMsg }) }
  }
}

export const errorWordings: Readonly<Record<string, Wording>> = {
  // — The connection to the console —
  HTTP_401: authRefused,
  CODE_AUTH_FAILED: authRefused,
  CODE_ACCESS_TOKEN_INVALID: authRefused,
  HTTP_403: permissionMissing,
  CODE_UNAUTHORIZED: permissionMissing,
  HTTP_429: (d) => {
    const seconds = num(d, 'retryAfterSeconds')
    return seconds === undefined
      ? { message: 'RATE_LIMITED.message', hint: 'RATE_LIMITED.hintMoment' }
      : { message: 'RATE_LIMITED.message', hint: 'RATE_LIMITED.hintWait', values: { seconds } }
  },
  ENDPOINT_MISSING: needs('ENDPOINT_MISSING', ['what', 'minVersion']),
  TIMEOUT: needs('TIMEOUT', ['what']),
  CANCELLED: needs('CANCELLED', ['what'], false),
  CERT_HAS_EXPIRED: plain('CERT_HAS_EXPIRED'),
  CERT_NOT_YET_VALID: plain('CERT_NOT_YET_VALID'),
  // A printer's changed certificate is trusted again in Badges, not in Settings: its words stay main's (yet).
  CERT_CHANGED: (d) => (d['printer'] ? null : needs('CERT_CHANGED', ['url'])(d, {} as AppErrorData)),
  TOKEN_REFUSED: needs('TOKEN_REFUSED', ['url', 'which']),
  // One console saved twice (main's connections/same-console.ts): which profile it already is.
  SAME_CONSOLE: needs('SAME_CONSOLE', ['name']),
  // Web mode: the tab lost its link to the local service (src/web/bridge-client.ts).
  SERVICE_LOST: (d) => ({
    message: 'SERVICE_LOST.message',
    hint: 'SERVICE_LOST.hint',
    values: { restarted: d['restarted'] === true ? 'yes' : 'no' }
  }),
  // — The console's own codes (shared/access/error-codes.ts) —
  CODE_PARAMS_INVALID: consoleCode('CODE_PARAMS_INVALID', false),
  CODE_SYSTEM_ERROR: consoleCode('CODE_SYSTEM_ERROR', true),
  CODE_RESOURCE_NOT_FOUND: consoleCode('CODE_RESOURCE_NOT_FOUND', false),
  CODE_NOT_EXISTS: consoleCode('CODE_RESOURCE_NOT_FOUND', false),
  CODE_OPERATION_FORBIDDEN: consoleCode('CODE_OPERATION_FORBIDDEN', false),
  CODE_USER_ACCOUNT_NOT_EXIST: consoleCode('CODE_USER_ACCOUNT_NOT_EXIST', false),
  CODE_USER_WORKER_NOT_EXISTS: consoleCode('CODE_USER_WORKER_NOT_EXISTS', false),
  CODE_DEVICE_DEVICE_BUSY: consoleCode('CODE_DEVICE_DEVICE_BUSY', true),
  CODE_DEVICE_DEVICE_OFFLINE: consoleCode('CODE_DEVICE_DEVICE_OFFLINE', true),
  CODE_DEVICE_DEVICE_NOT_FOUND: consoleCode('CODE_DEVICE_DEVICE_NOT_FOUND', false),
  // — Visits —
  VISIT_CANCELLED: (d) => {
    const refused = text(d, 'refused')
    if (refused === 'badge') return needs('VISIT_CANCELLED.badge', ['name'])(d, {} as AppErrorData)
    if (refused === 'edit' || refused === 'pin')
      return { message: `VISIT_CANCELLED.${refused}.message`, hint: `VISIT_CANCELLED.${refused}.hint` }
    return null
  },
  // The visit's rules main checks again (shared/visitors/visit-rules.ts); other INVALID_INPUT are a caller's
  // mistake the screens never make (they check first), said in main's words to the CLI.
  INVALID_INPUT: (d) => {
    const rule = text(d, 'rule')
    return rule === 'end-before-start' || rule === 'end-in-the-past'
      ? { message: `INVALID_INPUT.${rule}.message`, hint: `INVALID_INPUT.${rule}.hint` }
      : null
  },
  // — The kiosk (its refusals with `details.refusal` are said from the refusal: shared/kiosk/kiosk-words) —
  KIOSK_PIN_WRONG: needs('KIOSK_PIN_WRONG', ['triesLeft']),
  KIOSK_PIN_LOCKED: needs('KIOSK_PIN_LOCKED', ['waitSeconds']),
  KIOSK_PIN_NOT_SET: plain('KIOSK_PIN_NOT_SET'),
  KIOSK_OFFLINE_EMPTY: needs('KIOSK_OFFLINE_EMPTY', ['desk']),
  KIOSK_NO_QR_OFFLINE: needs('KIOSK_NO_QR_OFFLINE', ['desk']),
  KIOSK_PRINTER_NOT_READY: needs('KIOSK_PRINTER_NOT_READY', ['desk']),
  KIOSK_VISIT_NOT_OPEN: needs('KIOSK_VISIT_NOT_OPEN', ['desk']),
  KIOSK_NOT_PREPARED: plain('KIOSK_NOT_PREPARED')
}

/** Socket error codes main reports as a console it could not reach (access/errors.ts errorFromTransport). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND'])
for (const code of ['EAI_AGAIN', 'ETIMEDOUT', 'EPIPE']) NETWORK_CODES.add(code)

/** Whether the renderer words a code (the coverage test asks; HTTP_5xx and the console's others by family). */
export function isWordedCode(code: string): boolean {
  return Object.hasOwn(errorWordings, code) || NETWORK_CODES.has(code)
}

/**
 * The wording of an error, or null to keep main's words. Families of codes made from a number or a
 * socket's code (HTTP_502, ECONNREFUSED) are worded by their family; the console's answers that carry
 * its own `msg` keep it as given.
 */
export function errorWordingOf(error: AppErrorData): ErrorWording | null {
  const d: Details = error.details ?? {}
  const code = error.code
  if (code === undefined) return null
  // The console did not answer at all (connections/token-check.ts): said the same whatever the socket said.
  // A write whose answer was lost (access/lost-answer.ts): its hint says what to check, not the code's.
  if (d['answerLost'] === true) return null
  if (d['unreachable'] === true && error.kind === 'network') return needs('CONSOLE_UNREACHABLE', ['url'])(d, error)
  const wording = errorWordings[code]
  if (wording) return wording(d, error)
  if (error.kind === 'network' && NETWORK_CODES.has(code) && text(d, 'url') !== undefined) {
    return { message: 'NETWORK.message', hint: 'NETWORK.hint', values: { url: text(d, 'url')!, reason: code } }
  }
  // A code of the console main words from its table but the catalogue does not say yet: main's words.
  if (Object.hasOwn(consoleErrorCodes, code)) return null
  if (/^HTTP_5\d\d$/.test(code) && error.kind === 'server') return needs('SERVER_FAILED', ['what', 'status'])(d, error)
  // Any other answer of the console (HTTP 400/404/409/422, a code of the console no table knows).
  if (/^(HTTP_\d{3}|CODE_[A-Z_]+)$/.test(code) && text(d, 'what') !== undefined) {
    const consoleMsg = text(d, 'consoleMsg')
    return consoleMsg !== undefined
      ? { message: 'CONSOLE_FAILED.said', values: { what: text(d, 'what')! }, consoleMsg }
      : { message: 'CONSOLE_FAILED.message', values: { what: text(d, 'what')!, failure: text(d, 'failure') ?? code } }
  }
  return null
}

/** An error as a screen shows it: what happened, and what to do. */
export interface ErrorSaid {
  message: string
  hint?: string | undefined
}

/**
 * An error said with `words` (the errors area in one language): a worded code from the catalogue with
 * main's facts, `values` overriding a fact; any other as main said it. The console's own `msg` follows
 * the message as given, labelled as the console's. lib/i18n/error-words.svelte.ts is the renderer's door.
 *
 * `english` (the English catalogue): an error whose words are not its code's any more (a wrapper kept
 * the code and rewrote the message or hint: a write whose answer was lost, a purchase that may have
 * gone through, a refusal prefixed with what was refused) keeps the words it carries, which say more.
 */
export function sayError(
  error: AppErrorData,
  words: Words<string>,
  values?: MessageValues,
  english?: Words<string>
): ErrorSaid {
  const wording = errorWordingOf(error)
  const mains = { message: error.message, hint: error.hint }
  if (!wording) return mains
  if (english) {
    const en = sayError(error, english)
    if (en.message !== error.message || en.hint !== error.hint) return mains
  }
  const all = { ...wording.values, ...values }
  const message = words.t(wording.message, all)
  return {
    message:
      wording.consoleMsg === undefined ? message : `${message} ${words.t('consoleSays', { msg: wording.consoleMsg })}`,
    hint: wording.hint !== undefined ? words.t(wording.hint, all) : undefined
  }
}
