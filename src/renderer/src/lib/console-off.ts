import { connection } from '../stores/connection.svelte'
import { connectionNow } from '../stores/connection-now.svelte'
import { serviceLink } from '../stores/connection-service.svelte'
import { consoleDown } from '../stores/console-down'
import { commonWords } from './i18n/common-messages.svelte'
import { needsKey } from './i18n/permission-words.svelte'
import { shownAsOf } from './shown-as-of'

/**
 * The one rule of every list read from the console (Visitors, Touch Passes, Cards) while the console
 * cannot be used, by the one connection state the sidebar shows (stores/connection-now: web mode's
 * service down, or the console not answering, refusing the token, another certificate, errors to
 * every call; missing keys do not count, the console answers):
 * - the rows last read stay, said as of when they were read and why they are not newer, in the
 *   sidebar's words (`heldListWords`: "12 Touch Passes — as read at 10:42, not read again now. The
 *   console: Answering with errors.");
 * - every button that writes to the console (Touch Passes' Buy and Give, a card's alias, delete and
 *   assign, a visitor's edit, cancel, delete and credentials, a first badge's print, Import's Upload, Retry
 *   and Check with the console) is off, the same
 *   words read with each (`consoleOffReason`, `actionOffReason`). Such a button is marked where it is
 *   made (SendButton's `writes`, FormFooter's submit: `data-writes`). A form for something new (Today's
 *   Add walk-in, Visitors' New visitor…) still opens — the desk may type, the draft kept per console —
 *   and its Save is the write that is off.
 * Reactive: read in markup or a $derived, it follows the connection state and the language.
 * test/renderer/lib/lists-while-console-down.test.ts holds every list screen to it;
 * test/renderer/common/every-screen-console-off.test.ts every marked button of every screen of the
 * registry and of the detail panels.
 */

/** The sidebar's words for the state now, while the console cannot be used; null while it can. */
function unusableState(): string | null {
  if (!serviceLink.down && !consoleDown(connection.reach)) return null
  return connectionNow()?.words ?? null
}

/**
 * Why an action that needs the console is off now (null: the console can be used). While Access Desk's
 * own service is down it is null too: every send button is then off for that reason and says it itself
 * (SendButton, `serviceLink.sendOffReason`); this one beside it said the service's state a second time
 * on every write (test/renderer/common/every-screen-console-off.test.ts, "while the service is down").
 */
export function consoleOffReason(): string | null {
  if (serviceLink.down) return null
  const state = unusableState()
  return state === null ? null : commonWords().t('consoleOff', { state })
}

/**
 * Why a list's action is off: the console unusable first (it holds whatever the token may do), else
 * the key the token lacks for it. Undefined: the action is on.
 */
export function actionOffReason(lackingKey: string | null | undefined): string | undefined {
  return consoleOffReason() ?? (lackingKey ? needsKey(lackingKey) : undefined)
}

/**
 * Whether a list's rows are to be said as of when they were read (`heldListWords`): its own reason
 * (`failed`: its last read failed, or it shows a list read before it asked) or the console unusable
 * now — then no list on screen is read again now, whatever its last read did.
 */
export function heldNow(failed: boolean): boolean {
  return failed || unusableState() !== null
}

/**
 * A list held after a read that failed (lib/shown-as-of): as of when it was read, then, while the
 * console cannot be used, the connection state that is why it is not newer.
 */
export function heldListWords(shown: string, readAt: number | null): string {
  const asOf = shownAsOf(shown, 'read', readAt)
  const state = unusableState()
  return state === null ? asOf : `${asOf} ${commonWords().t('consoleNow', { state })}`
}
