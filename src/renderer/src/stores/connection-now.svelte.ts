import {
  checkedWhy,
  downAdvice,
  downWhy,
  missingKeysWhy,
  reachWord,
  serviceDownWhy,
  serviceDownWord,
  whyWithAdvice
} from '../lib/i18n/reach-words.svelte'
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
  if (reach.state === 'reachable') return { state: reach.state, words: reachWord(reach.state), why: null }
  // Missing keys are said in the desk's language from the keys main found.
  if (reach.state === 'permissions') {
    const keys = missingKeysWhy(reach.missing)
    // An older main that sends no keys: its own sentence, marked as English on a desk in another language.
    const english = keys === null && reach.message !== undefined && !deskLanguage.locale.startsWith('en')
    return {
      state: reach.state,
      words: reachWord(reach.state),
      why: keys ?? reach.message ?? null,
      ...(english ? { whyLang: 'en' as const } : {})
    }
  }
  // A down state: said here, once, for every screen (a screen's notice of a read gives no advice of its own),
  // in the desk's language from main's facts, never main's English sentence on another desk. The reason is
  // the error that set the state, worded from its code (the errors catalogue, as every error is said), when
  // main said that error's own sentence; else (a permission probe's call, which names no action, a token
  // check whose every probe failed, a code not in the catalogue) the state's words from the error's facts.
  // What to do: the error's advice as the catalogue words it, else the state's own.
  const worded = reach.checkError ? errorWords(reach.checkError) : null
  // Its words still loading (errorWords `waiting`): the state's own words meanwhile.
  const own = worded !== null && !worded.english && !worded.waiting && reach.message === reach.checkError?.message
  const english = deskLanguage.locale.startsWith('en')
  const advice =
    worded?.hint && !worded.english ? worded.hint : english && reach.advice ? reach.advice : downAdvice(reach.state)
  if (reach.byCheck) return { state: reach.state, words: reachWord(reach.state), why: checkedWhy(reach.state, advice) }
  // No facts sent (a main that sends none): its sentence as it came, on a desk whose language it is.
  if (!reach.checkError && english && reach.message) {
    return {
      state: reach.state,
      words: reachWord(reach.state),
      why: reach.advice ? whyWithAdvice(reach.message, reach.advice) : reach.message
    }
  }
  const why = own ? worded.message : downWhy(reach.state, reach.checkError)
  return { state: reach.state, words: reachWord(reach.state), why: whyWithAdvice(why, advice) }
}
