import { keysUsedBy, type Screen } from '../../../shared/access/permissions'
import { connection } from './connection.svelte'

/**
 * The permission keys a screen lacks, for its banner (components/common/PermissionNote): what the
 * screen's own probe found (`own`) and every key it uses (shared/access/permissions.ts `keysUsedBy`: its
 * actions' and its reads') that the one connection state names missing — the list the sidebar and
 * Settings say. So a screen never names only its edit keys while the sidebar names more. While the
 * console is down the banner follows the sidebar and names nothing.
 */
export function screenMissing(screen: Screen, own: readonly string[] = []): string[] {
  const reach = connection.reach
  // The console not answering (or refusing the token, another certificate, errors): which keys the
  // token holds is not known now, and the sidebar says why nothing works. A key a probe found missing
  // before (the scopes may have been given back since) is not said as if it were current.
  if (reach && reach.state !== 'reachable' && reach.state !== 'permissions') return []
  const used: readonly string[] = keysUsedBy(screen)
  const said = reach?.state === 'permissions' ? (reach.missing ?? []).filter((key) => used.includes(key)) : []
  return [...own, ...said].filter((key, i, all) => all.indexOf(key) === i).sort()
}

/**
 * The other half of the one rule: a screen's own probe that found keys missing is asked afresh when the
 * connection is Connected again (the keys may have been given back on the console meanwhile): its banner
 * and its buttons do not keep naming keys from an earlier answer until a reload. Returns the unsubscribe.
 */
export function recheckKeysWhenBack(
  found: () => readonly string[] | string | null,
  recheck: () => unknown
): () => void {
  return connection.onBack(() => {
    const keys = found()
    if (keys && keys.length > 0) void recheck()
  })
}
