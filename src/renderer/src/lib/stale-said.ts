import { announce } from './action-outcome.svelte'
import { commonWords } from './i18n/common-messages.svelte'
import { formatClock } from './local-time'

/**
 * The one way a list says, in the app's one live region, that its reads are failing and that they work
 * again — else the last words a screen reader can find are the outage's, under a list that is current.
 * Two ways in, one sentence back ("The list is up to date again: read at 10:42."), said once:
 * - `follow`: a list that says its failure itself (Today's stale note): the failure once when it starts
 *   (not at each failed re-read), and once back when a read works after it was said;
 * - `held`: a list shown as not current while someone else says why (HeldListAsOf's "as read at …, not
 *   read again now" under a read's notice or the sidebar's outage; Cards' count and its note of a write
 *   made elsewhere): nothing more as it goes stale, and once back when a read newer than the one held
 *   works — a retry that fails too, which clears the error while it runs, says nothing.
 * Called from an $effect of the list with its state now. An action's own outcome said just after (Cards'
 * Refresh: "3 cards read") replaces it in the region: one announcement for one action.
 * test/renderer/common/list-back-said.test.ts holds every list screen to it; Today's test its own.
 */
export class StaleSaid {
  /** When the failure said last began (epoch ms); null: nothing said, or said back already. */
  #said: number | null = null
  /** `held`: the read shown while the list was not current (undefined: it is current). */
  #heldAt: number | null | undefined = undefined

  /**
   * `since`: when reads began failing (null: the last read worked); `shown`: whether this list says the
   * failure itself (not when the sidebar says why); `words`: the failure's words; `readAt`: the last
   * read that worked (epoch ms).
   */
  follow(since: number | null, shown: boolean, words: () => string, readAt: number | null): void {
    if (since === null) {
      if (this.#said !== null && readAt !== null) sayBack(readAt)
      this.#said = null
      return
    }
    if (!shown || since === this.#said) return
    this.#said = since
    announce(words())
  }

  /** `stale`: the list says now that it is not current; `readAt`: the read it shows (epoch ms, null: none). */
  held(stale: boolean, readAt: number | null): void {
    if (stale) {
      if (this.#heldAt === undefined) this.#heldAt = readAt
      return
    }
    // Another console's list, or none read yet: nothing to say back about.
    if (readAt === null) this.#heldAt = undefined
    if (this.#heldAt === undefined || readAt === this.#heldAt) return
    this.#heldAt = undefined
    sayBack(readAt!)
  }
}

function sayBack(readAt: number): void {
  announce(commonWords().t('listBack', { time: formatClock(readAt / 1000) }))
}
