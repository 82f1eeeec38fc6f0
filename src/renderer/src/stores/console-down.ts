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

/** The kinds of error that are the console (or the way to it) failing, not this desk, its input or its token's keys. */
const OUTAGE_KINDS: readonly string[] = ['network', 'server', 'tls', 'auth']

/**
 * Whether an error is the outage the sidebar already says, so a panel says only that it is not available
 * (components/ErrorNotice.svelte): web mode's service down, or the console down by the one connection
 * state, and the error one of its kinds. The reason is written once, in the sidebar (and the page's
 * banner for the service), and announced once, by them: not again by each panel that failed to read.
 */
export function saidBySidebar(error: { kind: string }, reach: ConsoleReach | null, serviceDown: boolean): boolean {
  return (serviceDown || consoleDown(reach)) && outageError(error)
}

/** An error of the console (or the way to it) failing: untrue once the console answers again. */
export function outageError(error: { kind: string }): boolean {
  return OUTAGE_KINDS.includes(error.kind)
}
