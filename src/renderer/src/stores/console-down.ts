import type { ConsoleReach } from '../../../shared/connections'

/**
 * Whether the console cannot be used now, read from the one connection state the sidebar shows
 * (stores/connection.svelte.ts): no answer, the token refused, another certificate, or errors to every
 * call. Missing keys do not count (it answers). Unknown yet: not down. The kiosk works offline and
 * Today says it is not updating by this one rule, so neither ever disagrees with the sidebar.
 */
export function consoleDown(reach: ConsoleReach | null): boolean {
  return reach !== null && reach.state !== 'reachable' && reach.state !== 'permissions'
}
