import { callFate, refusedHere } from '../access/lost-answer'
import type { AuditOutcome } from '../../../shared/audit/schemas'
import type { AuditFailure } from '../../../shared/audit/detail-facts'
import type { AppError } from '../../../shared/errors'
import type { WriteAnswer } from '../access/http'
import type { AuditEnd, EndInput } from './audit-entries'

/**
 * The outcome of a write as the journal keeps it, by the one lost-answer rule (access/lost-answer.ts
 * `callFate`), for every kind of write alike: ok when the console said SUCCESS; `notSent` when the
 * request never reached it (nothing done, sending again is safe), the desk's own check refusing it
 * before sending among them (said so, with the desk's reason: `said.refusedHere`); `refused` when the
 * console answered with its refusal, and only then; `unknown` ("to check") when the
 * request went out and its answer was lost — a reset, a cancel after it was written, a 5xx — since
 * the write may have taken effect. A read-back then settles it Done or Not done (`settledOutcome`).
 */
export function outcomeOf(answer: WriteAnswer): EndInput {
  if (answer.ok) return { outcome: 'ok' }
  const { error } = answer
  const fate = callFate(error)
  const code = error.code ? { code: error.code } : {}
  // It never left the desk: Not sent, in the desk's words, with the reason its check gave.
  if (fate === 'not-sent' && refusedHere(error)) {
    const reason = error.message.slice(0, 500)
    return { outcome: 'notSent', ...code, said: { key: 'refusedHere', reason, ...missingOf(error) } }
  }
  const outcome: AuditOutcome = fate === 'lost' ? 'unknown' : fate === 'not-sent' ? 'notSent' : 'refused'
  // The console's own words apart from main's sentence of them: the screen labels them as the console's.
  const said = error.details?.consoleMsg
  const consoleMsg = typeof said === 'string' && said.trim() ? { consoleMsg: said.trim().slice(0, 1000) } : {}
  return { outcome, ...code, message: error.message, ...failureOf(error), ...consoleMsg }
}

/**
 * A failed write's or print's error as the facts its row keeps (auditFailureSchema): the screen says the
 * sentence from them in the desk's language, as the screen that asked said it. Plain values only, cut
 * short; a row is never the place of a long or nested detail. None for an error without a code: nothing
 * words it but its own message.
 */
export function failureOf(error: AppError): { failure?: AuditFailure } {
  if (!error.code) return {}
  const details: NonNullable<AuditFailure['details']> = {}
  for (const [name, value] of Object.entries(error.details ?? {})) {
    if (typeof value === 'string') details[name] = value.slice(0, 500)
    else if (typeof value === 'number' || typeof value === 'boolean') details[name] = value
  }
  return { failure: { kind: error.kind, code: error.code, ...(Object.keys(details).length ? { details } : {}) } }
}

/** A path without the id it needs (access/http.ts MISSING_PARAM), as the facts the row keeps. */
function missingOf(error: AppError): { missing?: { name: string; path: string } } {
  const name = error.details?.name
  const path = error.details?.path
  if (error.code !== 'MISSING_PARAM' || typeof name !== 'string' || typeof path !== 'string') return {}
  return { missing: { name: name.slice(0, 100), path: path.slice(0, 300) } }
}

/**
 * A lost answer settled by reading the console back: Done as far as the console went (done in part
 * is done: its fact says how far), Not done when nothing was found — never Refused, which only the
 * console's own answer says.
 */
export function settledOutcome(done: boolean | 'partly'): 'ok' | 'notDone' {
  return done === false ? 'notDone' : 'ok'
}

/**
 * An end line's outcome as the row reads it: a journal written before Not done was its own outcome
 * kept a lost answer read back and not found as `refused`; its sentence (`said: settled`) tells it apart.
 */
export function endOutcome(end: Pick<AuditEnd, 'outcome' | 'said'>): AuditEnd['outcome'] {
  if (end.outcome === 'refused' && end.said?.key === 'settled' && end.said.done === false) return 'notDone'
  return end.outcome
}
