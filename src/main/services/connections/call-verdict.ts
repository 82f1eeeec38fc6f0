import type { AppErrorData } from '../../../shared/errors'
import { AppError } from '../../../shared/errors'
import { answerLost } from '../access/lost-answer'

/** The connection states a call's outcome can put the console in (`permissions` has its own verdict). */
export type DownState = 'unreachable' | 'refused' | 'certificate' | 'trouble'

/**
 * What one call's outcome says of the connection to the console:
 * - `answered`: it answered and took the token; the call's permission key (if any) is held. An
 *   answer about this action alone (no such item, input refused, a conflict, a feature the console
 *   lacks, a reader offline, a field this app does not know) is `answered` with no key: the console
 *   speaks and took the token, which ends "Answering with errors" or "Not answering", but proves no key.
 * - `missing`: it refused the call for a permission key the token does not hold (403); the call of
 *   an extra so refused is `answered` (the extra is off, said where it is).
 * - `down`: the connection itself fails (no answer, token refused, another certificate, errors);
 *   the call's key (if any) is then not known: neither held nor missing.
 * - `action`: nothing about the console (a limit on requests, a cancel, the reader, the disk): the
 *   connection state is left as it is.
 */
export type CallVerdict =
  | { kind: 'answered'; key?: string }
  | { kind: 'missing'; key?: string; message: string }
  | {
      kind: 'down'
      state: DownState
      message: string
      key?: string
      /**
       * The request went out and its answer was lost (a reset after it was written, a proxy's 502,
       * any 5xx to a write: access/lost-answer.ts, the one rule). One lost answer
       * says nothing yet of the console: it is asked again at once, and that answer stands
       * (console-reach.ts), whichever way the answer was lost.
       */
      lost?: true
      /** What to do, as the error said it (its hint): the sidebar gives it, once, for every screen. */
      advice?: string
      /** The error as facts, so the screens say the advice in the desk's language (lib/i18n/error-words). */
      error?: AppErrorData
    }
  | { kind: 'action' }

/** One call as main made it: the permission its endpoint needs, and the error if it failed. */
export interface CallOutcome {
  permission?: string
  /**
   * The call only turns on an extra (shared/access/permissions.ts `extraKeys`: Today's live
   * updates): refused for its key, the extra is off and the console answered; the connection
   * has no missing permission for it.
   */
  extra?: boolean
  /** A call of the permission probe, not a person's action: a down state it meets names no action. */
  probe?: boolean
  error?: unknown
}

/**
 * The one classification of a call's outcome, used for every call the access client makes, the
 * sidebar's check ("Check again") and the token checks of Settings alike.
 */
export function verdictOf(outcome: CallOutcome): CallVerdict {
  if (outcome.error === undefined) return { kind: 'answered', ...keyOf(outcome.permission) }
  const error = AppError.from(outcome.error)
  const classified = classify(error, outcome)
  // The probe's call is the app's, not the person's: its words ("did not answer Generate PIN code (E1)")
  // would name an action nobody took. The state says what the console did, naming no action.
  const verdict =
    outcome.probe && classified.kind === 'down'
      ? { ...classified, message: probeWords(error, classified.state) }
      : classified
  if (verdict.kind !== 'down') return verdict
  const withAdvice = { ...verdict, ...(error.hint ? { advice: error.hint } : {}), error: error.toData() }
  return answerLost(error) ? { ...withAdvice, lost: true } : withAdvice
}

/** What a probe's call met, in words that name no action. */
function probeWords(error: AppError, state: DownState): string {
  switch (state) {
    case 'unreachable':
      return error.code === 'TIMEOUT' ? 'The console did not answer in time.' : 'The console did not answer.'
    case 'refused':
      return 'The console refused the API token.'
    case 'certificate':
      return error.message
    case 'trouble':
      return typeof error.details?.status === 'number'
        ? `The console answered with an error (HTTP ${error.details.status}).`
        : 'The console answered with an error.'
  }
}

function classify(error: AppError, outcome: CallOutcome): CallVerdict {
  switch (error.kind) {
    case 'network':
      // An HTTP answer that says "network" is the console speaking of a reader (offline): it answered.
      if (typeof error.details?.status === 'number') return { kind: 'answered' }
      return { kind: 'down', state: 'unreachable', message: error.message, ...keyOf(outcome.permission) }
    case 'auth':
      return { kind: 'down', state: 'refused', message: error.message, ...keyOf(outcome.permission) }
    case 'tls':
      return { kind: 'down', state: 'certificate', message: error.message, ...keyOf(outcome.permission) }
    case 'permission': {
      if (outcome.extra) return { kind: 'answered' }
      const key = typeof error.details?.permission === 'string' ? error.details.permission : outcome.permission
      return { kind: 'missing', ...keyOf(key), message: error.message }
    }
    case 'server':
      // An API answer with one field this app does not know is about that answer, not the console:
      // the others still work (describeParseError names the field).
      if (error.code === 'UNEXPECTED_RESPONSE' && error.details?.field !== undefined) return { kind: 'answered' }
      return { kind: 'down', state: 'trouble', message: error.message, ...keyOf(outcome.permission) }
    case 'not-found':
    case 'validation':
    case 'conflict':
    case 'unsupported':
      // The console's own answer about this action: it answers, and took the token.
      return { kind: 'answered' }
    default:
      // rate-limited, cancelled (and reader, storage, which are not the console's).
      return { kind: 'action' }
  }
}

function keyOf(key: string | undefined): { key?: string } {
  return key ? { key } : {}
}
