import type { ConsoleReach } from '../../../../shared/connections'
import type { AppErrorData } from '../../../../shared/errors'
import { shellWords } from './shell-messages.svelte'
import { keyList, tokenLacks } from './permission-words.svelte'

type ReachState = ConsoleReach['state']

/**
 * A console's connection state in words, in the desk's language: the sidebar's line
 * (ConsoleReachLine), Settings' "Now" (connectionNow) and each console of the Consoles screen say it
 * alike, from here. Reactive: read in markup or a $derived, they follow a language switch.
 */
export function reachWord(state: ReachState): string {
  return shellWords().t(`reach.${state}`)
}

/** Web mode's own service not answering: the words the sidebar's line says then. */
export function serviceDownWord(): string {
  return shellWords().t('reach.service')
}

/** Why nothing works while web mode's service is down (where the note about it is). */
export function serviceDownWhy(): string {
  return shellWords().t('reach.serviceWhy')
}

/**
 * The check's own outcome (main's `byCheck`) as a fact: "Token refused." in the desk's
 * language, then what to do as the failed check said it (`advice`, main's words).
 */
export function checkedWhy(state: ReachState, advice: string | undefined): string {
  const checked = shellWords().t('reach.checkedWhy', { state })
  return advice ? shellWords().t('reach.checkedWhyAdvice', { checked, advice }) : checked
}

/** A change of the connection state as it is announced: the state, and why when something is wrong. */
export function reachSaid(now: { words: string; why: string | null }): string {
  return now.why ? shellWords().t('reach.said', { state: now.words, reason: now.why }) : now.words
}

/** A Check again that found the same state: when, and that it lasts ("Checked again at 10:02: still token refused."). */
export function recheckedWords(state: ReachState, time: string): string {
  const m = shellWords()
  return m.t('reach.rechecked', { time, still: m.t(`still.${state}`) })
}

/**
 * Why the console is "Missing permissions", from the keys main found missing (the sidebar's line): the
 * token's whole list, as the token's (permission-words `tokenLacks`), and that each screen names the
 * ones it needs, so a banner naming fewer reads as part of it. Without keys (an older main), null:
 * main's words are shown.
 */
export function missingKeysWhy(missing: readonly string[] | undefined): string | null {
  if (!missing || missing.length === 0) return null
  return shellWords().t('reach.permissionsWhy', { lacks: tokenLacks(missing), count: keyList(missing).count })
}

/** The states in which the console cannot be used (the ones a call's failure or the check can set). */
type DownState = Exclude<ReachState, 'reachable' | 'permissions'>

/**
 * Why the console cannot be used, from the facts of the error that set the state (main's `checkError`:
 * its code and HTTP status), in the desk's language: "The console did not answer in time.", "The
 * console answered with an error (HTTP 500)." Never the failed call's own sentence (main's English,
 * which names an action the person may not have taken, a permission probe's or another screen's).
 */
export function downWhy(state: DownState, error: AppErrorData | undefined): string {
  const status = error?.details?.['status']
  return shellWords().t('reach.why', {
    state,
    timeout: error?.code === 'TIMEOUT' ? 'yes' : 'no',
    status: typeof status === 'number' ? String(status) : 'none'
  })
}

/** What to do in a down state, when the error that set it has no advice worded in the desk's language. */
export function downAdvice(state: DownState): string {
  return shellWords().t('reach.advice', { state })
}

/** The reason and what to do, one after the other ("{why} {advice}"). */
export function whyWithAdvice(why: string, advice: string): string {
  return shellWords().t('reach.whyAdvice', { why, advice })
}
