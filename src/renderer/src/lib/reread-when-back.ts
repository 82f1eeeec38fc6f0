import { connection } from '../stores/connection.svelte'
import { serviceLink } from '../stores/connection-service.svelte'

/**
 * The one rule of every screen that keeps a read's error (Cards, Visitors, Touch Passes, Today): when
 * the sidebar's connection state goes back to Connected — the console answers again, the token's
 * missing key was given back, or (web mode) the tab reaches Access Desk's local service again — a store
 * whose read failed reads again by itself, so its error does not stay on screen until the person leaves
 * the screen and comes back. So it does when the failure becomes another (no answer, then errors to
 * every call): the error a screen's notice words and advises from is then the console's latest answer,
 * not advice for an outage that is over ("check the console is on" while it answers with 500s).
 * A store holding no error is left alone (nothing to read again).
 * test/renderer/console/reread-when-back.test.ts holds each store to it.
 */
export function rereadWhenBack(failed: () => boolean, reread: () => unknown): () => void {
  const again = () => {
    if (failed()) void reread()
  }
  const offConsole = connection.onBack(again)
  const offMoved = connection.onOutageMoved(again)
  const offService = serviceLink.onBack(again)
  return () => {
    offConsole()
    offMoved()
    offService()
  }
}
