import { AppError } from '../../../shared/errors'
import { answerLost, safeToRepeat } from '../access/lost-answer'
import { keptWords } from '../access/kept-words'
import { keptError } from '../access/kept-error'
import type { RosterSaid } from '../../../shared/roster/roster-said'
import { told } from './roster-english'

/**
 * What a failed write means for its step, by the one rule of access/lost-answer.ts. Refused by the
 * console (a code, a 4xx) or never sent (connection refused, a cancel before it went out): nothing was
 * done, the step failed with its reason. The answer was lost after the request went out (a cut
 * connection, a timeout, a cancel, a 5xx without the console's code): the console may or may not
 * have done it, so the step is `unknown` and is checked against the console before anything is sent again.
 * A call declared to change nothing (`changesNothing`, lost-answer safeToRepeat) is never `unknown`.
 */
export function stepOutcome(
  err: unknown,
  /** The roster's console (its profile's name): the reason is kept, so it names no address (access/kept-words.ts). */
  consoleName?: string | null
): { state: 'failed' | 'unknown'; reason: string; said?: RosterSaid; code?: string } {
  const error = AppError.from(err)
  // A call that changes nothing (Generate PIN code) left nothing to check, whatever became of its answer.
  const lost = answerLost(error) && !safeToRepeat(error)
  const state = lost ? 'unknown' : 'failed'
  const code = error.code ? { code: error.code } : {}
  // The error kept as facts a desk words in its language (access/kept-error.ts); an error it cannot
  // keep so (no code, a console without a name) keeps main's English alone, shown as recorded.
  const kept = keptError(error, consoleName)
  if (kept) {
    // Inside the lost answer's sentence the cause is what happened; what to do is that sentence's.
    const { hint: _hint, ...cause } = kept
    const said: RosterSaid = lost ? [{ key: 'answerLost', cause }] : [{ key: 'error', error: kept }]
    return { state, ...told(said), ...code }
  }
  const words = keptWords(error, consoleName)
  const reason = lost
    ? `The console's answer was lost (${words.replace(/\.$/, '')}): it is checked with the console before anything is sent again.`
    : words
  return { state, reason, ...code }
}

/** Failures after which sending more rows makes no sense: the console is gone or refuses the token. */
export function stopsTheRun(err: unknown): boolean {
  const error = AppError.from(err)
  return error.kind === 'network' || error.kind === 'auth' || error.kind === 'tls'
}
