import type { ConsoleReach } from '../connections'

/**
 * What the kiosk's banner says under a connection state (the one the desk's sidebar shows):
 * - `offline`: the console cannot be used now and the kiosk goes on from the visits it loaded (main's
 *   kiosk-service.ts, by failed-step.ts: its call met no answer, another certificate, or a 5xx worth
 *   trying again). `why` is the kiosk catalogue's key of the reason.
 * - `closed`: the console answered and refused the token: nothing can be checked in here, from what
 *   the kiosk holds or otherwise (main refuses every look-up, and records a visit it recognises for
 *   Today's kiosk list with the true reason). The visitor is sent to the desk, never told "offline".
 * - null: the console answers. Missing permission keys are no banner: the console answers, and a visit
 *   whose check-in needs a key the token lacks is refused on its own, the desk told which key.
 *
 * Why more than "Not answering" may use what the kiosk holds: with another certificate the app sends
 * nothing to the console (it may not be the one trusted), and a console answering with errors gives
 * nothing newer; in both the visits held were read from the trusted console when it answered, and are
 * checked in by the same rule (shared/kiosk/check-in-rule.ts) as when it does not answer at all.
 * A refused token is the console's own answer that this desk may not act: the cache is not used.
 */
export type KioskBanner =
  | { kind: 'offline'; why: 'offline.unreachable' | 'offline.unusable' }
  | { kind: 'closed'; title: 'closed.title'; lead: 'closed.lead' }

const CLOSED: KioskBanner = { kind: 'closed', title: 'closed.title', lead: 'closed.lead' }

/** Every state, once: a new state fails to compile until it has its banner. */
const BANNERS: Record<ConsoleReach['state'], KioskBanner | null> = {
  reachable: null,
  permissions: null,
  unreachable: { kind: 'offline', why: 'offline.unreachable' },
  certificate: { kind: 'offline', why: 'offline.unusable' },
  trouble: { kind: 'offline', why: 'offline.unusable' },
  refused: CLOSED
}

/** The kiosk's banner now; unknown yet (no state read): none. */
export function kioskBanner(reach: Pick<ConsoleReach, 'state'> | null): KioskBanner | null {
  return reach ? BANNERS[reach.state] : null
}
