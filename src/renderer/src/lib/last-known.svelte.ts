import { serviceLink } from '../stores/connection-service.svelte'
import { shownAsOf } from './shown-as-of'

/**
 * The one rule for a state only main knows live — an upload's or a roster run's progress, the USB
 * reader's state, an enrollment's wait: while web mode's tab cannot reach main (the service stopped,
 * restarted, or was killed), what the screen holds is main's state as it last said it, not now. Shown
 * as it was, it lies: "uploading" of an upload a killed main no longer runs, "Ready" of a reader host
 * that is gone. So every panel showing such a state words it through `lastKnown` while the link is down
 * ("uploading — last known at 10:42: Access Desk's service is not answering…", worded by lib/shown-as-of,
 * as every "shown as of a time, not live") and draws no live mark
 * (a green dot, a moving bar). When the link is back, each store reads main again (lib/main-restarts.ts,
 * lib/reread-when-back.ts) and the words are live again. The desktop app has no link: never stale.
 * test/renderer/import/last-known-while-down.test.ts holds the Import batch list, the reader panel and
 * the roster run to it.
 */
export function notLive(): boolean {
  return serviceLink.down
}

/** The state's words as they are while main is reachable; while it is not, marked as last known and when. */
export function lastKnown(state: string): string {
  return serviceLink.down ? shownAsOf(state, 'service', serviceLink.lastHeardAt) : state
}
