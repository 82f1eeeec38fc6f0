import { checkedWhy, missingKeysWhy, reachWord, serviceDownWhy, serviceDownWord } from '../lib/i18n/reach-words.svelte'
import { errorWords } from '../lib/i18n/error-words.svelte'
import { deskLanguage } from '../lib/i18n/desk-language.svelte'
import { connection } from './connection.svelte'
import { serviceLink } from './connection-service.svelte'

/**
 * The active console's connection state as a line says it (the sidebar's, a console's card in Settings):
 * web mode's own service first, then the console's state as main said it. While the tab cannot reach the
 * service, nothing reaches the console and main's last word ("Connected") is no news (issue 31: Settings
 * read only the console's part and said "Now: Connected" while the service was down).
 * `state`: 'service' while the service is down, else the console's state; null: not known yet.
 */
export interface ConnectionNow {
  state: 'service' | NonNullable<typeof connection.reach>['state']
  words: string
  /** What is wrong, when something is (main's reason, or where the service note is). */
  why: string | null
  /** 'en' when `why` is main's English on a desk in another language (a screen reader reads it in English). */
  whyLang?: 'en'
}

export function connectionNow(): ConnectionNow | null {
  if (serviceLink.down) {
    return {
      state: 'service',
      words: serviceDownWord(),
      why: serviceDownWhy()
    }
  }
  const reach = connection.reach
  if (!reach) return null
  // Missing keys are said in the desk's language from the keys main found; any other reason is main's English.
  // The check's own outcome is worded here from main's facts, its advice from the error that failed it
  // (the errors catalogue, as every error is said); main's English advice only for an error it cannot word.
  // What to do is said here, once, for every screen (a screen's notice of a read gives no advice of its own).
  const advice = reach.checkError ? (errorWords(reach.checkError).hint ?? reach.advice) : reach.advice
  const keysWhy =
    reach.state === 'permissions'
      ? missingKeysWhy(reach.missing)
      : reach.byCheck && reach.state !== 'reachable'
        ? checkedWhy(reach.state, advice)
        : null
  const mainWhy =
    reach.state !== 'reachable' && reach.message ? (advice ? `${reach.message} ${advice}` : reach.message) : null
  const english = keysWhy === null && mainWhy !== null && !deskLanguage.locale.startsWith('en')
  return {
    state: reach.state,
    words: reachWord(reach.state),
    why: keysWhy ?? mainWhy,
    ...(english ? { whyLang: 'en' as const } : {})
  }
}
