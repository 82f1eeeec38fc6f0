import todayEn from '../../../shared/i18n/messages/today/en.json'
import { Translator } from '../../../shared/i18n/translator'
import { liveWhyValues, type LiveWhy } from '../../../shared/today/live-why'

const english = new Translator('en', todayEn)

/** Why Today polls, in main's English (the CLI's table, the log): the English catalogue's sentence of the same facts. */
export function liveWhyEnglish(why: LiveWhy): string {
  return english.t(`live.why.${why.key}`, liveWhyValues(why))
}
