import type { AppErrorData } from './errors'
import type { MessageValues, Words } from './i18n/translator'
import { consoleErrorCodes } from './access/error-codes'
import { knownPrinterReasons } from './badges/printer-state'
import { afterOutcome, readBackEnglish } from './read-back-words'

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
  /**
   * Values that are words themselves (a printer's name in a sentence, "No badge was printed."):
   * each said from its own key first, in the same language, then given to the message and hint.
   */
  parts?: Record<string, { key: string; values?: MessageValues }>
  /**
   * Main read the record back after the answer was lost: the message says what the read found, and
   * the one read-back sentence follows it (shared/read-back-words.ts), never the message's own words.
   */
  readBack?: true
  /**
   * What was not done, said before the message (`details.before`, a key: "The pass was not renamed."):
   * a screen that wraps an error says the action it refused first, in the same language.
   */
  before?: string
  /**
   * A caller's own advice after the code's hint (`details.advice`, a key of this area, with
   * `details.adviceAfterHint`): a purchase's "may or may not have gone through" (touch-pass-service.ts).
   */
  hintThen?: string
  /**
   * The message is a sentence of another area, said by that area's words in the same language (the
   * ErrorWords' `area`): a typed or tapped ID that is no NFC ID says what Import's preview says of such
   * a line (`import`, `csvSaid.<key>`), one sentence wherever it is shown. Its hint stays this area's.
   */
  area?: ErrorWordingArea
}

/** The other areas a wording's message may be a sentence of. */
export type ErrorWordingArea = 'import'

/**
 * The words an error is said with: the `errors` area's in one language, and, for a wording whose message
 * is another area's sentence (ErrorWording `area`), that area's in the same language. Without them (a
 * plain Translator of the errors area), such an error keeps main's words.
 */
export interface ErrorWords extends Words<string> {
  area?(area: ErrorWordingArea): Words<string> | undefined
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

/** A detail's text and numbers, as a message's values (a list or an object is not a value). */
function factsOf(d: Details): MessageValues {
  const values: MessageValues = {}
  for (const [name, value] of Object.entries(d))
    if (typeof value === 'string' || typeof value === 'number') values[name] = value
  return values
}

/**
 * A code said with main's facts, as main said it: `details.said` names which of its sentences
 * (`CODE.said.message`), when main has more than one; the hint key is used only when main gave a
 * hint, so a sentence with no hint stays without one. Every text or number of `details` is a value.
 */
function said(code: string): Wording {
  return (d, error) => {
    const variant = text(d, 'said')
    const key = variant === undefined ? code : `${code}.${variant}`
    return {
      message: `${key}.message`,
      ...(error.hint !== undefined && { hint: `${key}.hint` }),
      values: factsOf(d)
    }
  }
}

/** Codes each said by `said`. */
function saidCodes(...groups: string[][]): Record<string, Wording> {
  return Object.fromEntries(groups.flat().map((code) => [code, said(code)]))
}

/**
 * A printer's failure (main's printing/printer-failure.ts): said only when main gave the printer's
 * facts (`printed`: badge or test; `named`: whether it has a name from Badges). The printer's name and
 * the closing "No badge was printed." are parts, said in the same language: `called` starts a sentence,
 * `calledIn` stands inside one (German declines it). A failure for the printer's own reason (`said:
 * 'reason'`, `reason`: its printer-state-reasons keyword) says that reason and its fix as parts too
 * (printerReasonParts).
 */
function printerSaid(code: string): Wording {
  const plainly = said(code)
  return (d, error) => {
    const printed = text(d, 'printed')
    if (printed === undefined || text(d, 'named') === undefined) return null
    const wording = plainly(d, error)!
    const part = (key: string) => ({ key: `printer.${key}` })
    const reason = text(d, 'said') === 'reason' ? text(d, 'reason') : undefined
    return {
      ...wording,
      parts: {
        called: part('called'),
        calledIn: part('calledIn'),
        the: part('the'),
        notPrinted: part('notPrinted'),
        again: part('again'),
        againFromBadges: part('againFromBadges'),
        cancelled: part('cancelled'),
        ...(reason !== undefined && printerReasonParts(reason))
      }
    }
  }
}

/**
 * A printer's own reason (a printer-state-reasons keyword, suffix removed: media-empty, cover-open…) as
 * two parts, `reasonSaid` (what happened, a sentence naming the printer by `called`) and `reasonHint`
 * (what to do): one message per keyword main knows (shared/badges/printer-state.ts knownPrinterReasons);
 * any other said as the printer gave it, labelled as the printer's words (`printer.reason.other`). Every
 * place that says a printer's state words it from here: a print's failure, the kiosk's and Today's "not
 * printed", and Badges' printer list (renderer lib/i18n/printer-state-words.svelte.ts).
 */
export function printerReasonParts(keyword: string): Record<string, { key: string; values?: MessageValues }> {
  const key = knownPrinterReasons.includes(keyword) ? `printer.reason.${keyword}` : 'printer.reason.other'
  return {
    reasonSaid: { key: `${key}.message`, values: { reason: keyword } },
    reasonHint: { key: `${key}.hint`, values: { reason: keyword } }
  }
}

/**
 * A typed or tapped ID that is no NFC ID (main's batches/csv-nfc-id.ts `idRefusedFacts`): the sentence
 * Import's preview says of a CSV line with that ID, by its key (`csvSaid`) and values; then, for a tap,
 * the code's own hint ("Tap another card.").
 */
function idRefused(hintKey?: string): Wording {
  return (d, error) => {
    // Checked against the area's keys where it is said (sayWording): the key list's module brings zod along.
    const key = text(d, 'csvSaid')
    if (key === undefined || !/^[A-Za-z]+$/.test(key)) return null
    const { csvSaid: _key, ...values } = factsOf(d)
    return {
      message: `csvSaid.${key}`,
      area: 'import',
      values,
      ...(hintKey !== undefined && error.hint !== undefined && { hint: hintKey })
    }
  }
}

/** The console is busy (HTTP 429): the wait its Retry-After asks for, when it said one. */
const rateLimited: Wording = (d) => {
  const seconds = num(d, 'retryAfterSeconds')
  return seconds === undefined
    ? { message: 'RATE_LIMITED.message' }
    : { message: 'RATE_LIMITED.message', hint: 'RATE_LIMITED.hintWait', values: { seconds } }
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
  // A 429, whatever code the console's body had (main's access/errors.ts); HTTP_429 as the audit recorded it before.
  RATE_LIMITED: rateLimited,
  HTTP_429: rateLimited,
  ENDPOINT_MISSING: needs('ENDPOINT_MISSING', ['what', 'minVersion']),
  TIMEOUT: needs('TIMEOUT', ['what']),
  CANCELLED: needs('CANCELLED', ['what'], false),
  CERT_HAS_EXPIRED: plain('CERT_HAS_EXPIRED'),
  CERT_NOT_YET_VALID: plain('CERT_NOT_YET_VALID'),
  // A printer's changed certificate is trusted again in Badges, not in Settings: its words stay main's (yet).
  // Kept with a record (`console`, the profile's name, for the address of the moment: main's kept-error.ts).
  CERT_CHANGED: (d) =>
    d['printer']
      ? null
      : text(d, 'console') !== undefined
        ? { message: 'CERT_CHANGED.kept.message', hint: 'CERT_CHANGED.hint', values: { console: text(d, 'console')! } }
        : needs('CERT_CHANGED', ['url'])(d, {} as AppErrorData),
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
  // Cards, PINs and enrollment on a reader (the console's codes).
  CODE_CREDS_NFC_HAS_BIND_USER: consoleCode('CODE_CREDS_NFC_HAS_BIND_USER', true),
  CODE_CREDS_DISABLE_TRANSFER_UID_USER_NFC: consoleCode('CODE_CREDS_DISABLE_TRANSFER_UID_USER_NFC', false),
  CODE_CREDS_NFC_READ_SESSION_NOT_FOUND: consoleCode('CODE_CREDS_NFC_READ_SESSION_NOT_FOUND', true),
  CODE_CREDS_NFC_READ_POLL_TOKEN_EMPTY: consoleCode('CODE_CREDS_NFC_READ_POLL_TOKEN_EMPTY', false),
  CODE_CREDS_NFC_CARD_IS_PROVISION: consoleCode('CODE_CREDS_NFC_CARD_IS_PROVISION', true),
  CODE_CREDS_NFC_CARD_PROVISION_FAILED: consoleCode('CODE_CREDS_NFC_CARD_PROVISION_FAILED', true),
  CODE_CREDS_NFC_CARD_INVALID: consoleCode('CODE_CREDS_NFC_CARD_INVALID', true),
  CODE_CREDS_NFC_CARD_CANNOT_BE_DELETE: consoleCode('CODE_CREDS_NFC_CARD_CANNOT_BE_DELETE', false),
  CODE_CREDS_PIN_CODE_CREDS_ALREADY_EXIST: consoleCode('CODE_CREDS_PIN_CODE_CREDS_ALREADY_EXIST', true),
  CODE_CREDS_PIN_CODE_CREDS_LENGTH_INVALID: consoleCode('CODE_CREDS_PIN_CODE_CREDS_LENGTH_INVALID', true),
  CODE_DEVICE_DEVICE_VERSION_TOO_OLD: consoleCode('CODE_DEVICE_DEVICE_VERSION_TOO_OLD', true),
  CODE_DEVICE_API_NOT_SUPPORTED: consoleCode('CODE_DEVICE_API_NOT_SUPPORTED', false),
  CODE_OTHERS_UID_ADOPTED_NOT_SUPPORTED: consoleCode('CODE_OTHERS_UID_ADOPTED_NOT_SUPPORTED', false),
  // — Main's own codes, said from the facts main puts in details (`said`: which of a code's sentences) —
  ...saidCodes(
    // Cards, PINs, Touch Passes, enrollment.
    ['ALIAS_INVALID', 'ALIAS_IN_USE', 'ALIAS_ON_CONSOLE', 'ALIAS_TAKEN', 'BYTE_ORDER_LOCKED', 'CARD_GONE'],
    ['CHANGED_SINCE_SHOWN', 'DONE_BEFORE', 'SAME_WRITE_UNCHECKED'],
    ['DUPLICATE_PURCHASE', 'ENROLL_TIMEOUT', 'NFC_ID_ON_CONSOLE', 'NFC_ID_RANDOM', 'NFC_ID_TAKEN', 'PIN_HELD'],
    // Import, batches and rosters.
    ['ROSTER_LINE_CARD_NOT_IMPORTED', 'ROSTER_UNREADABLE', 'ROSTER_EMPTY', 'ROSTER_TOO_LARGE'],
    ['ROSTER_NO_HEADER', 'BATCH_NOT_FOUND', 'CSV_ENCODING', 'CSV_TOO_LARGE', 'JOURNAL_REPLACED'],
    ['ROSTER_CELLS_UNCLEAR', 'ROSTER_LINE_NOTHING_TO_UNDO', 'ROSTER_NOT_FOUND', 'ROSTER_NOT_PLANNED'],
    ['BATCH_OF_OTHER_CONSOLE', 'ROSTER_OF_OTHER_CONSOLE', 'ROSTER_ROW_NOT_FOUND', 'ROSTER_ROW_UNDER_WAY'],
    ['ROW_LOCKED', 'ROW_NOT_FOUND', 'UPLOAD_RUNNING', 'UPLOAD_STOPPED', 'UPLOAD_FAILED', 'PREVIEW_GONE'],
    // Badges and printing through the system's dialog.
    ['BADGE_QR_UNAVAILABLE', 'NO_PRINTER', 'PDF_FAILED', 'PRINT_CANCELLED', 'PRINT_FAILED', 'PRINTER_REQUIRED'],
    ['PRINTER_CERT_MOVED', 'PRINTER_CERT_UNCONFIRMED', 'PRINTER_DISCOVERY_FAILED', 'PRINTER_NOT_FOUND'],
    ['PRINTER_URL_INVALID'],
    // Settings, connections and storage.
    ['AUDIT_UNREADABLE', 'CLOSING', 'CONSOLE_TIMEOUT', 'ENCRYPTION_UNAVAILABLE', 'NO_CONNECTION', 'NO_CONSOLE'],
    ['NO_TOKEN', 'PROFILES_UNREADABLE', 'VISITOR_GONE']
  ),
  // A typed ID (Import's field, a row's edit) and a UID tapped on the roster's enrollment line that is no NFC ID.
  NFC_ID_INVALID: idRefused(),
  ROSTER_LINE_BAD_UID: idRefused('ROSTER_LINE_BAD_UID.hint'),
  // A printer's failures: its name and what was printed (a badge, a test label) are words of their own.
  ...Object.fromEntries(
    [
      ...['PRINTER_NOT_ACCEPTING', 'PRINTER_NOT_ANSWERING', 'PRINTER_NOT_READY', 'PRINTER_NOT_TRUSTED'],
      ...['PRINTER_NO_JOB', 'PRINTER_NO_PDF', 'PRINTER_REFUSED_JOB', 'PRINTER_UNREACHABLE'],
      ...['PRINTER_MEDIA_UNSUPPORTED', 'PRINT_JOB_CANCELLED', 'PRINT_JOB_ABORTED', 'PRINT_NOT_FINISHED']
    ].map((code) => [code, printerSaid(code)])
  ),
  // — Visits —
  VISIT_CANCELLED: (d) => {
    const refused = text(d, 'refused')
    if (refused === 'badge') return needs('VISIT_CANCELLED.badge', ['name'])(d, {} as AppErrorData)
    if (refused === 'edit' || refused === 'pin' || refused === 'end')
      return { message: `VISIT_CANCELLED.${refused}.message`, hint: `VISIT_CANCELLED.${refused}.hint` }
    return null
  },
  // End visit on a visit not under way (main's visitors/visitor-service.ts notUnderWay): not begun, or over.
  VISIT_NOT_UNDER_WAY: (d) => {
    const stage = text(d, 'stage') === 'upcoming' ? 'upcoming' : 'ended'
    return {
      message: `VISIT_NOT_UNDER_WAY.${stage}.message`,
      hint: `VISIT_NOT_UNDER_WAY.${stage}.hint`,
      values: { name: text(d, 'name') ?? '' }
    }
  },
  // The visit's rules main checks again (shared/visitors/visit-rules.ts); other INVALID_INPUT are a caller's
  // mistake the screens never make (they check first), said in main's words to the CLI.
  INVALID_INPUT: (d) => {
    const rule = text(d, 'rule')
    return rule === 'end-before-start' || rule === 'end-in-the-past'
      ? { message: `INVALID_INPUT.${rule}.message`, hint: `INVALID_INPUT.${rule}.hint` }
      : null
  },
  // The data folder held by another process (main's storage/data-dir-lock.ts): the CLI says it in its language.
  DATA_DIR_IN_USE: needs('DATA_DIR_IN_USE', ['dataDir', 'who', 'process', 'since', 'host']),
  // The console answered out of the contract (access/http.ts: a field, not the API, not the file) or
  // kept a list going (access/pagination.ts): a list that does not load, a save not confirmed.
  UNEXPECTED_RESPONSE: said('UNEXPECTED_RESPONSE'),
  LIST_DID_NOT_END: needs('LIST_DID_NOT_END', ['pages']),
  // This desk's own check refused a call before sending it: a path without the id it needs (access/http.ts).
  MISSING_PARAM: needs('MISSING_PARAM', ['name', 'path']),
  // — The kiosk (its refusals with `details.refusal` are said from the refusal: shared/kiosk/kiosk-words) —
  KIOSK_PIN_WRONG: needs('KIOSK_PIN_WRONG', ['triesLeft']),
  KIOSK_PIN_LOCKED: needs('KIOSK_PIN_LOCKED', ['waitSeconds']),
  KIOSK_PIN_NOT_SET: plain('KIOSK_PIN_NOT_SET'),
  KIOSK_OFFLINE_EMPTY: needs('KIOSK_OFFLINE_EMPTY', ['desk']),
  KIOSK_NO_QR_OFFLINE: needs('KIOSK_NO_QR_OFFLINE', ['desk']),
  KIOSK_CODE_NOT_GIVEN: needs('KIOSK_CODE_NOT_GIVEN', ['desk']),
  KIOSK_PRINTER_NOT_READY: needs('KIOSK_PRINTER_NOT_READY', ['desk']),
  KIOSK_VISIT_NOT_OPEN: needs('KIOSK_VISIT_NOT_OPEN', ['desk']),
  KIOSK_ALREADY_CHECKED_IN: needs('KIOSK_ALREADY_CHECKED_IN', ['desk']),
  KIOSK_NOT_PREPARED: plain('KIOSK_NOT_PREPARED'),
  // Not thrown: a kiosk check-in's print failure recorded as facts (shared/kiosk/schemas printFailure).
  KIOSK_NO_PRINTER: plain('KIOSK_NO_PRINTER', false),
  KIOSK_BROWSER_NOT_PRINTED: plain('KIOSK_BROWSER_NOT_PRINTED', false)
}

/**
 * A write whose answer was lost and which main read back (`details.readBack`: what the read found),
 * said in the desk's language: a PIN not given or not known given (main's pins/pin-service.ts) — none
 * now, the one held before (`pin-held`), or one that cannot be told from before (`pin-unsure`); a visit cancel (visitors/cancel-read-back.ts) — not
 * cancelled, or the visitor gone. Null (main's words) for a read-back not worded here.
 */
function readBackWording(d: Details): ErrorWording | null {
  const found = text(d, 'readBack')
  // A visit cancel read back (main's visitors/cancel-read-back.ts): the visitor gone, or still expected.
  if (found === 'visit-gone')
    return { message: 'READ_BACK.visit-gone.message', hint: 'READ_BACK.visit-gone.hint', readBack: true }
  // A write read back and found not done, said by what the read found (main's notDoneError callers).
  if (found !== undefined && notDoneReadBacks.includes(found))
    return {
      message: `READ_BACK.${found}.message`,
      hint: found === 'visitor-not-created' ? 'READ_BACK.visitor-not-created.hint' : 'NOT_DONE.hint',
      values: factsOf(d)
    }
  const name = text(d, 'name')
  if (name === undefined) return null
  if (found === 'visit-not-cancelled')
    return {
      message: 'READ_BACK.visit-not-cancelled.message',
      hint: 'READ_BACK.not-done.hint',
      values: { name },
      readBack: true
    }
  if (found === 'visit-not-ended')
    return {
      message: 'READ_BACK.visit-not-ended.message',
      hint: 'READ_BACK.not-done.hint',
      values: { name },
      readBack: true
    }
  if (found === 'pin-none') return { message: 'READ_BACK.pin-none.message', values: { name }, readBack: true }
  // A PIN held with nothing known of before: whether it is the one shown cannot be told, and is said as that.
  if (found === 'pin-unsure') return { message: 'READ_BACK.pin-held.message', values: { name }, readBack: true }
  if (found !== 'pin-held') return null
  const hint = d['pinChanged'] === true ? 'READ_BACK.pin-held.changed.hint' : 'READ_BACK.pin-held.same.hint'
  return { message: 'READ_BACK.pin-held.message', hint, values: { name }, readBack: true }
}

/**
 * What a read-back found not done, each its own sentence: a visitor not created (visitors/create-check.ts),
 * a QR code not assigned (qr-assign.ts), no pass given to any user (touch-passes/read-back.ts
 * readBackMany), a pass still as it was (`name`, `status`: touch-pass-service.ts).
 */
const notDoneReadBacks = [
  'visitor-not-created',
  'qr-not-assigned',
  'passes-not-given',
  'pass-still-named',
  'pass-still-status',
  'pass-still-free',
  'pass-still-held'
]

/**
 * A write whose answer was lost (main's access/lost-answer.ts adviseLostWrite), said as its cause (the
 * cut, the timeout) with the one advice of a lost answer: the console may have done it, look first. Read
 * back and found not done with the cause's own words (`outcome: 'not-done'`, a read-back with no sentence
 * of its own): that cause, and that trying again is safe. Null (main's words) when the cause is not worded.
 */
function lostWording(error: AppErrorData): ErrorWording | null {
  const { answerLost: _lost, outcome, ...rest } = error.details ?? {}
  const cause = errorWordingOf({ ...error, details: rest })
  if (!cause) return null
  if (outcome === 'not-done') return { ...cause, hint: 'NOT_DONE.hint' }
  return typeof rest['endpoint'] === 'string' ? { ...cause, hint: 'LOST_ANSWER.hint' } : null
}

/**
 * A screen's own words for what was not done, before the error (`details.before`, a key of this area),
 * and its hint when the error had none (`details.hintKey`): Touch Passes' "The pass was not renamed."
 */
function withBefore(wording: ErrorWording | null, d: Details): ErrorWording | null {
  const before = text(d, 'before')
  if (!wording || before === undefined) return wording
  const hint = wording.hint ?? text(d, 'hintKey')
  return { ...wording, before, ...(hint !== undefined && { hint }) }
}

/**
 * The advice a caller put in place of the error's hint (`details.advice`, a key of this area: main's
 * Touch Pass purchase says "may or may not have gone through" whatever failed), after the code's own
 * hint when main kept it (`details.adviceAfterHint`). Main's English hint is the same sentences.
 */
function withAdvice(wording: ErrorWording | null, d: Details): ErrorWording | null {
  const advice = text(d, 'advice')
  if (!wording || advice === undefined) return wording
  const { hint, ...rest } = wording
  return d['adviceAfterHint'] === true && hint !== undefined
    ? { ...rest, hint, hintThen: advice }
    : { ...rest, hint: advice }
}

/**
 * An upload stopped at a part by a cause with a code of its own and no row left to check (batches/upload.ts:
 * the console refused the token, a 429): where it stopped, the cause said inside the sentence (causeSaid),
 * then the cause's own hint when main kept it, else the upload's "fix the cause and upload again".
 */
function uploadStoppedWording(d: Details, error: AppErrorData): ErrorWording | null {
  const cause = d['causeError']
  if (typeof cause !== 'object' || cause === null || d['toCheck'] === true) return null
  const part = num(d, 'part')
  const parts = num(d, 'parts')
  const causeText = text(d, 'cause')
  if (part === undefined || parts === undefined || causeText === undefined) return null
  const values = { part, parts, cause: causeText }
  const causeData = cause as AppErrorData
  if (error.hint === undefined || error.hint !== causeData.hint)
    return { message: 'UPLOAD_FAILED.stopped.message', hint: 'UPLOAD_FAILED.stopped.hint', values }
  const worded = errorWordingOf(causeData)
  if (!worded?.hint) return null
  return { message: 'UPLOAD_FAILED.stopped.message', hint: worded.hint, values: { ...worded.values, ...values } }
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
  return withAdvice(codeWordingOf(error), error.details ?? {})
}

/** errorWordingOf before a caller's advice (withAdvice). */
function codeWordingOf(error: AppErrorData): ErrorWording | null {
  const d: Details = error.details ?? {}
  const code = error.code
  if (code === undefined) return null
  // The console did not answer at all (connections/token-check.ts): said the same whatever the socket said.
  // A write whose answer was lost (access/lost-answer.ts): its hint says what to check, not the code's;
  // main's words, unless main read the record back and says what it found (`details.readBack`).
  if (d['answerLost'] === true) return withBefore(readBackWording(d) ?? lostWording(error), d)
  if (d['unreachable'] === true && error.kind === 'network') return needs('CONSOLE_UNREACHABLE', ['url'])(d, error)
  // An upload that stopped leaving rows "to check" (batches/upload.ts): its own sentence and hint, whatever
  // stopped it (its cause in main's words).
  if (d['toCheck'] === true) {
    const worded = needs('UPLOAD_FAILED.stopped', ['part', 'parts', 'cause', 'unknown'], false)(d, error)
    return worded && { ...worded, hint: 'UPLOAD_FAILED.toCheck.hint' }
  }
  const stopped = uploadStoppedWording(d, error)
  if (stopped) return stopped
  const wording = errorWordings[code]
  if (wording) return withBefore(wording(d, error), d)
  if (error.kind === 'network' && NETWORK_CODES.has(code) && text(d, 'url') !== undefined) {
    return { message: 'NETWORK.message', hint: 'NETWORK.hint', values: { url: text(d, 'url')!, reason: code } }
  }
  // Kept with a record read long after (main's kept-error.ts): the console by its profile's name, no address.
  if (error.kind === 'network' && NETWORK_CODES.has(code) && text(d, 'console') !== undefined) {
    return {
      message: 'NETWORK.kept.message',
      hint: 'NETWORK.hint',
      values: { console: text(d, 'console')!, reason: code }
    }
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

/**
 * The call an error names (`what`: "Enroll NFC card (create session) (E2)") in the language of
 * `words`: main's title is English, so the catalogue says each endpoint's title (`endpoint.<id>`);
 * the spec's ids (E2) follow it as main writes them. None when main gave no endpoint.
 */
function endpointTitle(error: AppErrorData, words: Words<string>): MessageValues {
  const id = error.details?.['endpoint']
  if (typeof id !== 'string') return {}
  const key = `endpoint.${id}`
  const title = words.t(key)
  if (title === key) return {}
  // `title`: the call by its title alone, as a lost answer's advice names it ("Create visitor").
  if (typeof error.details?.['what'] !== 'string') return { title }
  return { what: id.startsWith('E') ? `${title} (${id})` : title, title }
}

/** An error as a screen shows it: what happened, and what to do. */
export interface ErrorSaid {
  message: string
  hint?: string | undefined
  /** Said in main's English words (not worded, or not wordable): a screen marks it lang="en" for screen readers. */
  english?: boolean
  /** The language to mark the words with when it is not the page's (lib/i18n/error-words.svelte.ts sets it). */
  lang?: string | undefined
  /**
   * The message says what main read back after a lost answer: the one read-back sentence is to follow
   * it, in the same language (the renderer's errorWords adds it; main's English already has it).
   */
  readBack?: true
  /**
   * The words are not in yet (the renderer's errorWords: the catalogue they are said from still loads):
   * `message` is empty, and nothing is to be shown of the error but its place (never main's English).
   */
  waiting?: true
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
  words: ErrorWords,
  values?: MessageValues,
  english?: ErrorWords
): ErrorSaid {
  const wording = errorWordingOf(error)
  const mains: ErrorSaid = { message: error.message, hint: error.hint, english: true }
  if (!wording) return mains
  if (english) {
    const en = sayError(error, english)
    // Main's English of a read-back error ends with the read-back sentence (pins/pin-service.ts).
    const enMessage = en.readBack ? afterOutcome(en.message, readBackEnglish) : en.message
    if (enMessage !== error.message || en.hint !== error.hint) return mains
  }
  // A fact main did not give (an older main, a variant said without it) cannot be said: main's words.
  return sayWording(wording, words, { ...endpointTitle(error, words), ...causeSaid(error, words), ...values }) ?? mains
}

/**
 * An error named as the cause inside another's sentence (`details.causeError`: the upload that stopped at
 * a part, main's batches/upload.ts), said with the same `words` as `cause`; none (main's English `cause`)
 * when the cause is not worded.
 */
function causeSaid(error: AppErrorData, words: ErrorWords): MessageValues {
  const cause = error.details?.['causeError']
  if (typeof cause !== 'object' || cause === null || typeof (cause as AppErrorData).message !== 'string') return {}
  const said = sayError(cause as AppErrorData, words)
  return said.english ? {} : { cause: said.message }
}

/**
 * A wording said with `words`: its parts first (each from its own key, in order, so a later part may
 * name an earlier one), then its message and hint; null when a value it needs is missing.
 */
export function sayWording(
  wording: ErrorWording,
  words: ErrorWords,
  values?: MessageValues
): { message: string; hint?: string | undefined; readBack?: true } | null {
  try {
    const all: MessageValues = { ...wording.values, ...values }
    for (const [name, part] of Object.entries(wording.parts ?? {}))
      all[name] = words.t(part.key, { ...all, ...part.values })
    // A message of another area: said by that area's words, or not at all (main's words) without them or
    // when that area has no such message (its words answer the key itself).
    const messageWords = wording.area === undefined ? words : words.area?.(wording.area)
    if (!messageWords) return null
    const said = messageWords.t(wording.message, all)
    if (wording.area !== undefined && said === wording.message) return null
    const message = wording.before === undefined ? said : `${words.t(wording.before, all)} ${said}`
    return {
      message:
        wording.consoleMsg === undefined
          ? message
          : `${message} ${words.t('consoleSays', { msg: wording.consoleMsg })}`,
      hint:
        wording.hint === undefined
          ? undefined
          : wording.hintThen === undefined
            ? words.t(wording.hint, all)
            : `${words.t(wording.hint, all)} ${words.t(wording.hintThen, all)}`,
      ...(wording.readBack ? { readBack: true as const } : {})
    }
  } catch {
    return null
  }
}

/**
 * What an error said, its message alone, in the language of `words`, from a record of it (an Audit row
 * keeps main's message and the error's facts, not its hint): the screen and main's CSV and search word
 * a failed write alike. Null when the code is not worded or main's message is not its code's English
 * (a wrapper rewrote it): the record's English then stands. A lost answer's own advice is in its hint
 * only (access/lost-answer.ts adviseLostWrite), so its message is worded as its code's.
 */
export function recordedErrorMessage(error: AppErrorData, words: Words<string>, english: Words<string>): string | null {
  const d = error.details ?? {}
  const { answerLost: _lost, ...rest } = d
  const facts: AppErrorData = {
    kind: error.kind,
    ...(error.code !== undefined ? { code: error.code } : {}),
    message: error.message,
    retryable: error.retryable,
    details: d['answerLost'] === true && d['readBack'] === undefined && d['outcome'] === undefined ? rest : d
  }
  const inEnglish = sayError(facts, english)
  if (inEnglish.english || inEnglish.readBack || inEnglish.message !== error.message) return null
  return sayError(facts, words).message
}
