import type { ConsoleReach, PermissionCheck, TokenCheck } from '../../../../shared/connections'
import { extraOnlyKeys } from '../../../../shared/access/permissions'

/** One key of Settings' table: as the check found it, or as the connection state said it since (`since`). */
export type KeyNow = PermissionCheck & { since?: true }

/** A token check whose keys may say what the connection state said since. */
export type CheckShown = Omit<TokenCheck, 'permissions'> & { permissions: KeyNow[] }

/** A token check as Settings shows it beside the one connection state (see keysNow). */
export interface CheckNow {
  /** The check with each key as the newer of the two says it: the table and its summary both say these. */
  check: CheckShown
  /** The connection state, said after the check, says otherwise of a key: the table is of its time. */
  differs: boolean
}

const EXTRA: ReadonlySet<string> = new Set(extraOnlyKeys)

/**
 * The one rule by which Settings' key table never contradicts the connection state (the sidebar's,
 * "Now: …"): main keeps which keys the console refused (`ConsoleReach.missing`, fed by every call and
 * every check); a test's table is that same fact at its own time (`TokenCheck.checkedAt`, main's clock).
 * When the state was said after the check and the console answers (Connected, Missing permissions):
 * - a key the state names missing is missing now, whatever the check found (a token that lost keys on the
 *   console is never left "Allowed" beside "Missing permissions: …");
 * - a key the check found missing that the state no longer names (a call needing it succeeded since, or
 *   an outage made every key not known) is not known now, never still "Missing" beside "Connected"; a key
 *   that only turns on an extra is not named by the state while no job needed it, so it keeps the check's word.
 * Either makes the table "of its time" (`differs`): Settings says when it was checked and offers a new test.
 * A down state (no answer, token refused, another certificate, errors) hides the check altogether
 * (ProfileCard, `consoleDown`): no key can be told then. A state said before the check is older news.
 */
export function keysNow(check: TokenCheck, reach: ConsoleReach | null): CheckNow {
  const answering = reach !== null && (reach.state === 'reachable' || reach.state === 'permissions')
  if (!answering || !(reach.checkedAt > check.checkedAt)) return { check, differs: false }
  const missing = new Set(reach.state === 'permissions' ? (reach.missing ?? []) : [])
  let differs = false
  const permissions = check.permissions.map((p): KeyNow => {
    if (missing.has(p.key) && p.status !== 'missing') {
      differs = true
      return { ...p, status: 'missing', since: true }
    }
    if (!missing.has(p.key) && p.status === 'missing' && !EXTRA.has(p.key)) {
      differs = true
      return { ...p, status: 'unknown', since: true }
    }
    return p
  })
  return differs ? { check: { ...check, permissions }, differs } : { check, differs: false }
}
