import { draftsWaitingOn, type WaitingDraft } from './draft-kinds'
import { commonWords } from './i18n/common-messages.svelte'
import { screenName } from './screen-name'

/**
 * What is waiting unsaved on the console just switched to: a switch away says what it keeps with the
 * console left (lib/draft-kinds' `keptOnSwitch`), and a switch back says what is waiting there and opens
 * each — "1 unsaved change waiting: Visitors — Hélène Brückner" — so typing kept with a console is never
 * found only by chance, under a long list (components/common/DraftsWaitingNote.svelte shows it above every
 * screen). Noted by the one switch (stores/connection's `select`); an entry goes once its screen is shown
 * (that screen says it at its top) or at the next switch.
 */
class DraftsWaiting {
  /** The drafts waiting on the console switched to, each with its screen (empty: nothing, or all seen). */
  list = $state<WaitingDraft[]>([])

  /** A switch to `consoleId` done: what is kept with it is waiting now. */
  noteSwitch(consoleId: string | null): void {
    this.list = draftsWaitingOn(consoleId)
  }

  /** `screen` is shown: its drafts are said there, at its top; no longer here. */
  seen(screen: string): void {
    if (this.list.some((d) => d.screen === screen)) this.list = this.list.filter((d) => d.screen !== screen)
  }
}

export const draftsWaiting = new DraftsWaiting()

/** "Visitors — Hélène Brückner": a waiting draft by its screen and the name a person knows it by. */
export function waitingDraftWords(draft: WaitingDraft): string {
  return commonWords().t('drafts.waitingItem', { screen: screenName(draft.screen), label: draft.label })
}

/** What a switch says is waiting ('' when nothing): "1 unsaved change waiting: Visitors — Hélène Brückner." */
export function waitingWords(list: readonly WaitingDraft[]): string {
  if (!list.length) return ''
  return commonWords().t('drafts.waitingSaid', {
    count: list.length,
    list: list.map(waitingDraftWords).join(', ')
  })
}
