import { cardsStore } from './cards.svelte'
import { enrollStore } from './enroll.svelte'
import { rosterStore } from './roster.svelte'
import { sites } from './sites.svelte'
import { today } from './today.svelte'
import { touchPasses } from './touch-passes.svelte'
import { visitors } from './visitors.svelte'

/**
 * What the app knows of one console (cards, readers, doors, passes, visitors, today's list) is dropped when the
 * user switches to another: a token or id of console A must never be sent to console B.
 * Offline batches and badge settings are not console data and stay.
 */
export function forgetConsoleData(): void {
  cardsStore.reset()
  enrollStore.resetReaders()
  rosterStore.resetReaders()
  sites.reset()
  today.reset()
  touchPasses.reset()
  visitors.reset()
}
