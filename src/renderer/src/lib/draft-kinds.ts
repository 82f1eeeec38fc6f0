import { commonWords } from './i18n/common-messages.svelte'
import type { ScreenId } from '../stores/router.svelte'

/**
 * Every kind of draft the desk keeps (what a person typed and has not saved), in one list: the forms
 * (lib/form-drafts) and the inline edits of one record (lib/record-drafts). The one rule for all of them:
 * a draft is kept with the console it was typed against, never shown or sent on another, and comes back
 * when that console is active again; a switch says how many it keeps (`draftsKeptWith`), a switch back
 * says which are waiting and opens each (`draftsWaitingOn`, lib/drafts-waiting), and removing the
 * console names them before and says they were discarded after (`draftsHeldBy`, `discardDraftsOf`).
 * test/renderer/common/drafts-per-console.test.ts holds every kind listed here to that rule.
 */
export const draftKinds = ['visitors.form', 'today.walk-in', 'card alias', 'touch pass name'] as const

export type DraftKind = (typeof draftKinds)[number]

/**
 * The screen each kind of draft is shown on again: where a draft waiting on a console is opened from
 * ("1 unsaved change waiting: Visitors — Hélène Brückner", lib/drafts-waiting).
 */
export const draftScreens: Record<DraftKind, ScreenId> = {
  'visitors.form': 'visitors',
  'today.walk-in': 'today',
  'card alias': 'cards',
  'touch pass name': 'touch-passes'
}

/**
 * What a holder of one kind of draft answers for a console: what it keeps (one name a person knows
 * each draft by: "Ivan Petrov", "Card 0001", "a new visitor"), and how it discards them all when the
 * console is removed (its profile is gone: nothing could ever show them again).
 */
export interface DraftHolder {
  held(consoleId: string): string[]
  discard(consoleId: string): void
}

/** Each kind's holder: registered by each holder as its module loads. */
const holders = new Map<DraftKind, DraftHolder>()

/** Register what `kind` keeps per console (a holder not loaded holds none). */
export function holdsDrafts(kind: DraftKind, holder: DraftHolder): void {
  holders.set(kind, holder)
}

/** What is kept with a console, every kind loaded, by the name a person knows each by. */
export function draftsHeldBy(consoleId: string | null): string[] {
  if (!consoleId) return []
  return [...holders.values()].flatMap((holder) => holder.held(consoleId))
}

/** A draft kept with a console, as a switch back to it names it: its screen and the name a person knows it by. */
export type WaitingDraft = { screen: ScreenId; label: string }

/** What is kept with a console, every kind loaded, each with the screen it is shown on again. */
export function draftsWaitingOn(consoleId: string | null): WaitingDraft[] {
  if (!consoleId) return []
  return [...holders].flatMap(([kind, holder]) =>
    holder.held(consoleId).map((label) => ({ screen: draftScreens[kind], label }))
  )
}

/** The drafts kept with a console, every kind loaded: what a switch away from it says it keeps. */
export function draftsKeptWith(consoleId: string | null): number {
  return draftsHeldBy(consoleId).length
}

/**
 * A console removed: every draft kept with it is discarded, and what was discarded is answered, for the
 * removal to say so. A console saved again later is a new profile and starts with none: typing is
 * never offered against a console that was not the one it was typed against (a re-added console may
 * be another one at the same address), and never dropped without a word.
 */
export function discardDraftsOf(consoleId: string): string[] {
  const discarded = draftsHeldBy(consoleId)
  for (const holder of holders.values()) holder.discard(consoleId)
  return discarded
}

/** The kinds registered so far (for the test that holds every kind to the rule). */
export function draftKindsHeld(): DraftKind[] {
  return [...holders.keys()]
}

/** What a switch away from a console keeps with it: how many drafts, and the console's name (facts, worded when shown). */
export type KeptOnSwitch = { count: number; name: string }

/**
 * What a switch away from a console keeps ("1 unsaved edit kept with Head office."), or null when
 * nothing: said with the switch, so typing left behind is never put aside in silence. Asked before the switch.
 */
export function keptOnSwitch(consoleId: string | null, name: string): KeptOnSwitch | null {
  const count = draftsKeptWith(consoleId)
  return count ? { count, name } : null
}

/** The words of what a switch kept, in the desk's language now ('' when nothing). */
export function keptWords(kept: KeptOnSwitch | null): string {
  return kept ? commonWords().t('drafts.keptWith', kept) : ''
}
