import { commonWords } from './i18n/common-messages.svelte'

/**
 * Why a form's submit is off, as a reason the person can read: every off submit has one
 * (components/common/FormFooter takes nothing else). Web mode's service down is FormFooter's own
 * reason (serviceLink.sendOffReason) and is not listed here.
 * - `permission`: the API token lacks `key` (stores/screen-keys `keyLacking`).
 * - `console`: the console cannot be used now (the sidebar says why).
 * - `fill`: a field to fill or fix first; `what` is the form's own words for it ("Tick the box…").
 * - `waiting`: the form was sent and the console's answer is awaited.
 * - `done`: the write's answer was lost and main's read-back found it done (stores/settled-writes
 *   `foundDone`): it is not offered again.
 */
export type SubmitOff =
  | { why: 'permission'; key: string }
  | { why: 'console' }
  | { why: 'fill'; what: string }
  | { why: 'waiting' }
  | { why: 'done' }

/** The first reason that holds, in the order given: the one said (null: the submit is on). */
export function submitOff(...reasons: (SubmitOff | null | false | undefined)[]): SubmitOff | null {
  return reasons.find((reason): reason is SubmitOff => !!reason) ?? null
}

/** A reason in the desk's words: one message of the common catalogue (`submitOff`). Reactive. */
export function submitOffWords(off: SubmitOff): string {
  return commonWords().t('submitOff', {
    why: off.why,
    key: off.why === 'permission' ? off.key : '',
    what: off.why === 'fill' ? off.what : ''
  })
}
