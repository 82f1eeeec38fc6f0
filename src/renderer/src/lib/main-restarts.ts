import { BRIDGE_STATUS_EVENT, type BridgeStatus } from '../../../web/bridge-status'
import { focusAfterReconnect } from './focus-after-reconnect'

/**
 * What main must hold again after it restarted (web mode): main keeps state the screens rely on in
 * memory (the USB reader host, the batch taps go into, a roster run, an enrollment wait), and a
 * restarted main has none of it. Each store registers here how to make main hold it again (or how
 * to stop showing what main no longer has); all of them run once each time the bridge comes back
 * (lost or refused → connected), never on the first connect. The desktop app has no bridge: the
 * event never fires there and nothing runs.
 */
export type Reestablish = () => void | Promise<void>

const registry = new Map<string, Reestablish>()

/** Register (or replace) what `name` re-establishes; returns the unregister function. */
export function onMainRestart(name: string, reestablish: Reestablish): () => void {
  registry.set(name, reestablish)
  return () => {
    if (registry.get(name) === reestablish) registry.delete(name)
  }
}

/**
 * Run every re-establisher once. One that fails does not stop the others (each says its own
 * trouble on its screen, as its store does for any call).
 */
export async function reestablishAll(): Promise<void> {
  await Promise.allSettled([...registry.values()].map(async (fn) => fn()))
}

/**
 * Follow the bridge's status (BRIDGE_STATUS_EVENT on `target`) and re-establish on each return.
 * Started once, at app level; returns the stop function.
 */
export function watchMainRestarts(target: EventTarget = window): () => void {
  let away = false
  const listener = (event: Event) => {
    const status = (event as CustomEvent<BridgeStatus>).detail
    if (status === 'lost' || status === 'refused') away = true
    else if (status === 'connected' && away) {
      away = false
      // Then the focus is where the person sees it (lib/focus-after-reconnect), never scrolled out of view.
      void reestablishAll().then(() => focusAfterReconnect())
    }
  }
  target.addEventListener(BRIDGE_STATUS_EVENT, listener)
  return () => target.removeEventListener(BRIDGE_STATUS_EVENT, listener)
}
