import type { AppError, AppErrorData } from '../../../shared/errors'
import type { ConsoleReach } from '../../../shared/connections'
import { connection } from '../stores/connection.svelte'
import { serviceLink } from '../stores/connection-service.svelte'
import { missingPermission } from './missing-permission'

/**
 * Whether a connection state says the token holds `key`: Connected, or Missing permissions naming
 * other keys. Not answering (or any failure) says nothing of the keys, nor does a state without its list.
 */
export function saysKeyHeld(reach: ConsoleReach | null, key: string): boolean {
  if (reach?.state === 'reachable') return true
  return reach?.state === 'permissions' && reach.missing !== undefined && !reach.missing.includes(key)
}

/**
 * The one rule for an error that names a missing permission key ("The API token lacks the permission
 * edit:visitor…"), on every screen (components/ErrorNotice holds it for all): it is withdrawn once the
 * one connection state says the key is held again, or that the token is refused. `shownWith` is the state as it stood when the error
 * was shown: only a state said after it counts, so a state said before the refusal reached the screen
 * (Connected, the refusal's own update still on its way) never withdraws it at once.
 */
export function keyErrorWithdrawn(
  error: Pick<AppError | AppErrorData, 'kind' | 'details'>,
  shownWith: ConsoleReach | null
): boolean {
  const key = missingPermission(error)
  if (key === null || serviceLink.down) return false
  const now = connection.reach
  // A token refused after it: the error spoke of a token the console no longer takes, and sent the desk
  // after a key when the token itself is the matter (the sidebar says "Token refused" and what to do).
  return now !== shownWith && (saysKeyHeld(now, key) || now?.state === 'refused')
}
