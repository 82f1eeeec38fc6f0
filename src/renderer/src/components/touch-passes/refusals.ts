import type { User } from '../../../../shared/access/users'
import { AppError } from '../../../../shared/errors'
import type { PickerSource } from '../common/search-picker'
import type { PassWords } from './pass-words'
import { personName } from '../../../../shared/person-name'

/*
 * The English of each sentence below is the errors catalogue's (`PASS_ACTION.*`, `PASSES_GIVE.*`): the
 * refusal carries the key in `details.before` / `details.hintKey`, and the screen says it in the desk's
 * language through the one error-words door (shared/errors-wording withBefore).
 */

/** The changes a person makes to one Touch Pass from its details. */
export type PassAction = 'rename' | 'ACTIVE' | 'SUSPENDED' | 'unbundle' | 'assign' | 'unassign'

const done: Record<PassAction, string> = {
  rename: 'The pass was not renamed.',
  ACTIVE: 'The pass was not activated.',
  SUSPENDED: 'The pass was not suspended.',
  unbundle: 'The device was not removed from the pass.',
  assign: 'The pass was not given to the user.',
  unassign: 'The pass was not taken back.'
}

/** Said when the console's answer was lost and nobody could read what became of the change. */
const unknown: Record<PassAction, string> = {
  rename: 'It is not known whether the pass was renamed.',
  ACTIVE: 'It is not known whether the pass was activated.',
  SUSPENDED: 'It is not known whether the pass was suspended.',
  unbundle: 'It is not known whether the device was removed from the pass.',
  assign: 'It is not known whether the pass was given to the user.',
  unassign: 'It is not known whether the pass was taken back.'
}

/** What to do when the console refuses an action by one of its rules (not a missing key). */
const ruleHints: Record<PassAction, string> = {
  rename: 'Open the pass again to see its current state, then rename it.',
  ACTIVE: 'An expired pass cannot be activated. Open the pass again to see its current status.',
  SUSPENDED: 'Open the pass again to see its current status.',
  unbundle: 'Open the pass again: the device may already be gone.',
  assign:
    'A user holds at most one Touch Pass, and only a suspended or inactive pass can be given. Pick another user, or take back the pass this user holds first.',
  unassign: 'Open the pass again to see who holds it now.'
}

/**
 * A failed change, said for the one action that failed: what did not happen, the console's own
 * reason (carried in the message), and what to do. Other actions are not affected by it. An answer
 * lost on the way back (`details.answerLost`) is "not done" only when main read the pass back and
 * found it so (`details.outcome = 'not-done'`); otherwise what happened is not known, and said so.
 */
export function refusal(action: PassAction, err: AppError): AppError {
  const hintKey =
    err.kind === 'conflict' || err.kind === 'validation'
      ? `PASS_ACTION.${action}.ruleHint`
      : err.kind === 'not-found'
        ? 'PASS_ACTION.notFound.hint'
        : undefined
  const hint =
    err.hint ??
    (err.kind === 'conflict' || err.kind === 'validation'
      ? ruleHints[action]
      : err.kind === 'not-found'
        ? 'The pass or the user is no longer on the console: refresh the list.'
        : undefined)
  const lost = err.details?.['answerLost'] === true && err.details['outcome'] !== 'not-done'
  const what = lost ? unknown[action] : done[action]
  const before = `PASS_ACTION.${action}.${lost ? 'unknown' : 'notDone'}`
  return new AppError({
    ...err.toData(),
    message: `${what} ${err.message}`,
    ...(hint ? { hint } : {}),
    details: { ...err.details, before, ...(hintKey && { hintKey }) }
  })
}

/** Said next to a user found for a pass: the console refuses a second pass for them. */
export function heldPassNote(user: User, m: PassWords): string | undefined {
  return user.touch_pass ? m.t('held.note', { card: user.touch_pass.card_id || user.touch_pass.id }) : undefined
}

/**
 * Why a user found for a pass cannot be picked: the console gives a user at most one Touch Pass, so
 * one who holds a pass is shown (with it) but refused before anything is sent, in the screen's words.
 */
export function heldPassRefusal(user: User, m: PassWords): string | undefined {
  if (!user.touch_pass) return undefined
  const name = personName(user) || m.t('held.thisUser')
  return m.t('held.refusal', { name, card: user.touch_pass.card_id || user.touch_pass.id })
}

/** Users found for a pass (userSource): one who holds a pass already is shown but cannot be picked. */
export function passUserSource<U extends User>(source: PickerSource<U>, m: PassWords): PickerSource<U> {
  return {
    ...source,
    row: (user) => {
      const refused = heldPassRefusal(user, m)
      return { ...source.row(user), ...(refused && { refused }) }
    }
  }
}

/**
 * A failed batch assignment (§3.27). A refusal by a console rule names the user or the shortage;
 * any other failure may have assigned some passes before it ended: the list says.
 */
export function manyRefusal(err: AppError): AppError {
  const hint =
    err.hint ??
    (err.kind === 'conflict' || err.kind === 'validation'
      ? 'Remove the user who already holds a pass, or buy more passes if too few are unassigned, then give again.'
      : err.kind === 'not-found'
        ? 'A user is no longer on the console: remove them and give again.'
        : 'Some passes may have been given before it failed: check the Touch Pass list before giving again.')
  const refused = err.kind === 'conflict' || err.kind === 'validation' || err.kind === 'not-found'
  const what = refused ? 'The console refused to give the passes.' : 'The console did not confirm the passes.'
  const hintKey =
    err.kind === 'conflict' || err.kind === 'validation'
      ? 'PASSES_GIVE.ruleHint'
      : err.kind === 'not-found'
        ? 'PASSES_GIVE.notFound.hint'
        : 'PASSES_GIVE.other.hint'
  const before = refused ? 'PASSES_GIVE.refused' : 'PASSES_GIVE.notConfirmed'
  return new AppError({
    ...err.toData(),
    message: `${what} ${err.message}`,
    hint,
    details: { ...err.details, before, hintKey }
  })
}
