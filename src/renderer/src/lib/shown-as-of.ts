import { commonWords } from './i18n/common-messages.svelte'
import { formatClock } from './local-time'

/**
 * Why what is on screen is not live: `service` — web mode's tab cannot reach Access Desk's service, so
 * a state only main knows is as main last said it (lib/last-known); `read` — a list's read failed, so
 * the list shown is the one read before (Cards, Today, Visitors, Touch Passes; Audit's rows of the filter
 * applied before, under one refused).
 */
export type NotLiveWhy = 'service' | 'read'

/**
 * The one wording of something shown as of a time, not as of now: the words shown, then when they were
 * true and why they are not newer ("3 of 3 cards — as read at 10:42, not read again now.", "uploading —
 * last known at 10:42: Access Desk's service is not answering, so this is not live."). One message of
 * the common catalogue (`shownAsOf`), so every list and panel says it alike in each language; a screen
 * that wrote its own ("as read at", "showing the list as of", "last known at") said one fact three ways.
 * `at`: epoch milliseconds, null when never known. Reactive: read in markup or a $derived, it follows a
 * language switch. test/renderer/lib/shown-as-of-lists.test.ts holds every list screen to it.
 */
export function shownAsOf(shown: string, why: NotLiveWhy, at: number | null): string {
  return commonWords().t('shownAsOf', { shown, why, time: at === null ? 'never' : formatClock(at / 1000) })
}
