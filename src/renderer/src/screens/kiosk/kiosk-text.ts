import type { ConsoleReach } from '../../../../shared/connections'
import { consoleDown } from '../../stores/console-down'

export type Step = 'welcome' | 'name' | 'narrow' | 'not-found' | 'confirm' | 'printing' | 'done' | 'walk-in' | 'problem'

/**
 * The desk's name as main keeps it when the operator never named it (kiosk-settings.ts): the kiosk
 * then says the catalogue's own words for it, in the visitor's language ("den Empfang", "la
 * recepción"). A name the operator typed is said as typed.
 */
export const DEFAULT_DESK_NAME = 'the reception desk'

/** Whether the kiosk works offline (from the visitors it loaded): the one rule of stores/console-down.ts. */
export function kioskOffline(reach: ConsoleReach | null): boolean {
  return consoleDown(reach)
}

/** Why the kiosk works offline, as a catalogue key (see kioskOffline). */
export function kioskOfflineWhy(reach: ConsoleReach | null): 'offline.unreachable' | 'offline.unusable' {
  return reach?.state === 'unreachable' ? 'offline.unreachable' : 'offline.unusable'
}
