import { BRIDGE_STATUS_EVENT, type BridgeStatus } from '../../../web/bridge-status'
import { commonWords } from '../lib/i18n/common-messages.svelte'

/**
 * Web mode's own link, the tab ⇄ Access Desk's local service (the bridge), as the first part of the
 * one connection state: while it is down nothing reaches the console, whatever the console's last
 * state was, so the sidebar says so first (ConsoleReachLine) and every button that sends is off with
 * `sendOffReason` (components/common/SendButton.svelte; a form's submit in FormFooter). When it is
 * back, `onBack` listeners run: the sidebar checks the console again, stores whose read failed read
 * again (lib/reread-when-back.ts), and an error saying the service is lost is no longer shown
 * (ErrorNotice). The desktop app has no bridge: the status stays unknown and nothing here is down.
 */
export class ServiceLink {
  /** The bridge's state as bridge-client.ts announced it (undefined: no bridge, or not announced yet). */
  status = $state<BridgeStatus | undefined>(undefined)
  /** The tab cannot reach the service: stopped, restarted at another address, or opened without its key. */
  readonly down = $derived(this.status === 'lost' || this.status === 'refused' || this.status === 'no-key')
  /** Why a button that sends is off, while the service is down (null: it may send). */
  readonly sendOffReason = $derived(
    // Not "this sends once it is back": nothing is sent by itself (a purchase, a save); the person sends it again.
    this.down ? commonWords().t('sendOff') : null
  )
  /** The same, said by one note that the buttons of a screen or panel point at (SendButton's `offNote`): of them all. */
  readonly sendOffNote = $derived(this.down ? commonWords().t('sendOffNote') : null)

  /**
   * When the tab last heard main (ms since the epoch), while the service is down: the moment the link
   * went. Up to it every event of main arrived, so what a screen shows is main's state as of then
   * (lib/last-known.svelte.ts says so). Null while the link is up or was never down.
   */
  lastHeardAt = $state<number | null>(null)

  /**
   * The command that starts this service again as it runs (its data folder), as main told the tab when it
   * connected (web/restart-command.ts; noted on <html> by bridge-client.ts): what the banner says to run.
   * Null: not told (never connected, or the desktop app), and the banner says `npm start`.
   */
  restartCommand = $state<string | null>(null)

  /** What to run to start the service again: the command main told, else `npm start` (one fallback for banner and hints). */
  get restartSaid(): string {
    return this.restartCommand ?? 'npm start'
  }

  // Not reactive state: a plain list of callbacks.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly backListeners = new Set<() => void>()
  private away = false

  /** Hear the service come back (connected after lost or refused); returns the function that stops. */
  onBack(listener: () => void): () => void {
    this.backListeners.add(listener)
    return () => this.backListeners.delete(listener)
  }

  /** Take a status of the bridge (from its event on window, or a test). */
  take(next: BridgeStatus, now: number = Date.now()): void {
    const wasDown = this.down
    this.restartCommand = globalThis.document?.documentElement.dataset['restartCommand'] ?? this.restartCommand
    this.status = next
    if (this.down && !wasDown) this.lastHeardAt = now
    else if (!this.down) this.lastHeardAt = null
    if (next === 'lost' || next === 'refused') this.away = true
    else if (next === 'connected' && this.away) {
      this.away = false
      for (const listener of [...this.backListeners]) listener()
    }
  }

  /** Follow the bridge's status event on `target`; the state noted on <html> first (announced before this loaded). */
  follow(target: EventTarget = window): () => void {
    const noted = globalThis.document?.documentElement.dataset['bridgeStatus'] as BridgeStatus | undefined
    if (noted && this.status === undefined) this.take(noted)
    const listener = (event: Event) => this.take((event as CustomEvent<BridgeStatus>).detail)
    target.addEventListener(BRIDGE_STATUS_EVENT, listener)
    return () => target.removeEventListener(BRIDGE_STATUS_EVENT, listener)
  }
}

export const serviceLink = new ServiceLink()
// One follower for the whole tab, from the first import on (the shell and the kiosk both import it).
if (typeof window !== 'undefined') serviceLink.follow(window)
