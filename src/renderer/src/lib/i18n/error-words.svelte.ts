import type { AppErrorData } from '../../../../shared/errors'
import type { KioskCheckin } from '../../../../shared/kiosk/schemas'
import type { BadgeHistoryEntry } from '../../../../shared/badges/schemas'
import {
  errorWordingOf,
  sayError,
  type ErrorSaid,
  type ErrorWordingArea,
  type ErrorWords
} from '../../../../shared/errors-wording'
import type { MessageValues } from '../../../../shared/i18n/translator'
import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'
import { withReadBack } from '../read-back'
import { commonWords } from './common-messages.svelte'
import { consoleNameValues } from '../../../../shared/console-name'
import { SERVICE_LOST_CODE } from '../../../../web/bridge-status'
import { serviceLink } from '../../stores/connection-service.svelte'

export type { ErrorSaid }

/** The `errors` area in one language: the desk's (deskErrorCatalogue), or the kiosk visitor's. */
export type ErrorCatalogue = AreaMessages<'errors'>

let shared: ErrorCatalogue | null = null
let english: ErrorCatalogue | null = null

/** The English errors catalogue: what main's words are checked against (sayError's `english`). */
export function englishErrorCatalogue(): ErrorCatalogue {
  if (!english) $effect.root(() => void (english = new AreaMessages('errors', () => 'en')))
  return english!
}

/**
 * The errors catalogue in the desk's language: one instance for the whole app (an $effect.root, as
 * commonWords), loaded at the first error worded, and from then on with every language the desk
 * switches to (held by its switch). No English is bundled: until a catalogue is in, an error waits for
 * its words on a desk in another language (errorWords), and is said in main's English on an English one.
 */
export function deskErrorCatalogue(): ErrorCatalogue {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('errors', deskLanguage)))
  return shared!
}

/**
 * Resolves once the errors words of `words` (the desk's unless given) and the English ones are in, or
 * failed to load, and those of the area the wording of `error` names (when given). A screen that keeps
 * an error's words as text (a dialog's "changed meanwhile" line, an announcement said once) words it
 * after this: the first error of a desk is often the one that loads the catalogue, and until it is in
 * the error's words wait (errorWords `waiting`): text kept then would say nothing.
 */
export function errorWordsLoaded(words: ErrorCatalogue = deskErrorCatalogue(), error?: AppErrorData): Promise<void> {
  const en = englishErrorCatalogue()
  const area = error && errorWordingOf(error)?.area
  const catalogues = [words, en, ...(area ? [areaBeside(words, area), areaBeside(en, area)] : [])]
  const settled = () => catalogues.every((c) => c.ready || c.failed !== null)
  if (settled()) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = $effect.root(() => {
      $effect(() => {
        if (!settled()) return
        resolve()
        queueMicrotask(stop)
      })
    })
  })
}

/** Each errors catalogue's other areas (a wording's `area`: Import's preview line), in its language. */
const besides = new WeakMap<ErrorCatalogue, Partial<Record<ErrorWordingArea, AreaMessages<ErrorWordingArea>>>>()

/**
 * An area's words beside an errors catalogue, made on first need: the desk's follow the desk's language
 * switch (loaded with it, as the errors area is), any other the catalogue's own language.
 */
function areaBeside(words: ErrorCatalogue, area: ErrorWordingArea): AreaMessages<ErrorWordingArea> {
  let made = besides.get(words)
  if (!made) besides.set(words, (made = {}))
  const areas = made
  if (!areas[area])
    $effect.root(() => void (areas[area] = new AreaMessages(area, words === shared ? deskLanguage : words.asked)))
  return areas[area]!
}

/** An errors catalogue as sayError takes it: its own words, and those of an area a wording names. */
function withAreas(words: ErrorCatalogue): ErrorWords {
  return { t: (key, values) => words.t(key as never, values), area: (area) => areaBeside(words, area) }
}

/**
 * An error in words, the one way a screen says main's errors (ErrorNotice, and any place that prints
 * an error's message): a code shared/errors-wording.ts knows, in the language of `words` (the desk's
 * unless given) with main's facts; any other, as main said it. `values` overrides a fact (the kiosk
 * names its desk in the visitor's language). Reactive: read in markup or a $derived, it follows a
 * language switch.
 *
 * A worded error waits for its words: until the catalogues it is said from are in (the errors area in
 * its language and in English, and an area its wording names), it is `waiting`, with no words, on a
 * desk in another language than English (main's words are English: never shown there, not even for
 * the moment the first error of a desk takes to load them). On an English desk main's words are the
 * catalogue's and are said at once; a catalogue that failed to load leaves main's words, marked English.
 */
export function errorWords(
  error: AppErrorData,
  words: ErrorCatalogue = deskErrorCatalogue(),
  values?: MessageValues
): ErrorSaid {
  const link = serviceLinkSaid(error, words)
  if (link) return link
  const mains: ErrorSaid = { message: error.message, hint: error.hint, english: true }
  const wording = errorWordingOf(error)
  const en = englishErrorCatalogue()
  const area = wording?.area
  const needed = wording ? [words, en, ...(area ? [areaBeside(words, area), areaBeside(en, area)] : [])] : []
  const waiting =
    needed.some((c) => !c.ready) && needed.every((c) => c.failed === null) && !words.asked().startsWith('en')
  if (waiting) return { message: '', waiting: true }
  // A console named in the error's facts by its stored name: the built-in console's in the desk's words.
  const named = { ...consoleNameValues(error.details, commonWords()), ...values }
  const worded =
    !wording || needed.some((c) => !c.ready) ? mains : sayError(error, withAreas(words), named, withAreas(en))
  // What main read back after a lost answer: the one read-back sentence follows it (lib/read-back.ts).
  const said = worded.readBack ? { ...worded, message: withReadBack(worded.message, true) } : worded
  // Main's English on a desk in another language: marked so a screen reader reads it with an English voice.
  const locale = words.locale ?? deskLanguage.locale
  return { ...said, lang: said.english && !locale.startsWith('en') ? 'en' : undefined }
}

/**
 * A call that failed because the tab cannot reach web mode's service (web/bridge-client.ts: lost, restarted
 * at another address, or the address opened without its key): the tab's own words, never main's, said
 * from the common words, which the desk loads in its language before its first paint (main.ts) and whose
 * English is bundled. Not from the errors catalogue: its English, which errorWords checks main's words
 * against, is never fetched on a desk in another language before its first error, and cannot be while
 * the service is down (it once left these words in English on a German desk). The desk's words only:
 * the kiosk says it to a visitor in theirs.
 */
function serviceLinkSaid(error: AppErrorData, words: ErrorCatalogue): ErrorSaid | null {
  if (error.code !== SERVICE_LOST_CODE || words !== deskErrorCatalogue()) return null
  const m = commonWords()
  if (!m.ready) return null
  if (error.details?.['noKey'] === true)
    return {
      message: m.t('service.noKeyTitle'),
      hint: m.t('service.noKeyText', { start: 'npm start', web: 'npm run web', hash: '#k=' })
    }
  const restarted = error.details?.['restarted'] === true
  // The command that starts this service again (its data folder), as the banner names it.
  const start = serviceLink.restartSaid
  return {
    message: m.t(restarted ? 'service.callRestarted' : 'service.lostTitle'),
    hint: m.t('service.callHint', { start })
  }
}

/**
 * Why a kiosk check-in's badge was not printed, in the desk's language (`words`: the kiosk visitor's
 * instead): from the failure's facts when main recorded them, else main's English as recorded (a log
 * written before the facts were kept, a browser's own message). `desk`: what happened and what to do
 * (Today's kiosk list); `visitor`: what happened only (the kiosk's own words send them to the desk).
 */
export function notPrintedWords(
  entry: Pick<KioskCheckin, 'printError' | 'printReason' | 'printFailure'>,
  words?: ErrorCatalogue,
  values?: MessageValues
): { desk: string; visitor: string; lang: string | undefined } {
  const failure = entry.printFailure
  if (!failure) {
    const english = (words?.locale ?? deskLanguage.locale).startsWith('en') ? undefined : 'en'
    return { desk: entry.printError ?? '', visitor: entry.printReason ?? '', lang: english }
  }
  // main's English: the visitor's sentence (printReason, the error's message) and its hint, each its own
  // fact. Given back as message and hint, a worded code is said in this language only when they are the
  // English catalogue's words (sayError's check).
  const facts = { kind: 'server' as const, code: failure.code, retryable: false, details: failure.details }
  const message = entry.printReason ?? entry.printError ?? ''
  const hint = failure.hint
  const desk = errorWords({ ...facts, message, ...(hint ? { hint } : {}) }, words, values)
  const visitor = errorWords({ ...facts, message }, words, values)
  return {
    desk: desk.hint ? `${desk.message} ${desk.hint}` : desk.message,
    visitor: visitor.message,
    lang: visitor.lang
  }
}

/**
 * Why a print in Badges' history was not printed, in the desk's language: the same wording as a kiosk
 * check-in's (notPrintedWords), from the facts main recorded with it; an entry written before the facts
 * were kept, as recorded (main's English, `lang` "en" on a desk in another language).
 */
export function historyNotPrinted(failed: NonNullable<BadgeHistoryEntry['failed']>): {
  desk: string
  lang: string | undefined
} {
  const { desk, lang } = notPrintedWords({
    printError: failed.reason,
    printReason: failed.message,
    printFailure: failed.facts
  })
  return { desk, lang }
}
