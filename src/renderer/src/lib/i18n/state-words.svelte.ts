import type { VisitorStatus } from '../../../../shared/access/visitor-basics'
import { todayGroupOf, visitorStateFilters, type TodayGroup } from '../../../../shared/visitors/states'
import type { DeskArrival } from '../../../../shared/today/groups'
import { commonWords } from './common-messages.svelte'
import { formatClock } from '../local-time'

/**
 * The visitor state words (Expected, Here, Left, No-show, Cancelled) in the desk's language: the one
 * place a screen gets them (shared/visitors/states.ts keeps the English table for main and the CLI;
 * which states share a word is decided there, the word itself here). Reactive: read in markup or a
 * $derived, they follow a language switch.
 */
export function groupWord(group: TodayGroup): string {
  return commonWords().t(`state.${group}`)
}

/** A visitor's status as the desk calls it (UPCOMING and ACTIVE are both "Expected"). */
export function stateWord(status: VisitorStatus): string {
  return groupWord(todayGroupOf(status))
}

/** The status filter menu: each word once, valued by the first state it names (as visitorStateFilters). */
export function stateFilters(): { value: VisitorStatus; word: string }[] {
  return visitorStateFilters.map((f) => ({ value: f.value, word: stateWord(f.value) }))
}

/**
 * How a visit's arrival recorded at this desk is said, by who checked the visitor in ("Checked in at the
 * kiosk at 09:12"): the console keeps such a visit ACTIVE (the API cannot mark an arrival), so a screen
 * that says "Here" for it (shared/today/groups.ts shownStatus) says where that comes from, alike on Today
 * and Visitors. One word per place an arrival is recorded (`where`).
 */
export function arrivalWords(arrival: DeskArrival): string {
  return commonWords().t(`arrival.${arrival.where}`, { time: formatClock(Date.parse(arrival.at) / 1000) })
}
