import { actionKeys, keysUsedBy, type Screen } from '../../../shared/access/permissions'
import type { ScreenId } from './router.svelte'
import { connection } from './connection.svelte'
import { consoleDown } from './console-down'
import { serviceLink } from './connection-service.svelte'

/**
 * The permission keys a screen lacks, the one list its banner (components/common/PermissionNote), its
 * buttons (`keyLacking`) and their notes read: what the screen's own probe found (`own`) and every key it
 * uses (shared/access/permissions.ts `keysUsedBy`: its actions', its reads' and its extras') that the one
 * connection state names missing — the list the sidebar and Settings say. So a screen never names only
 * its edit keys while the sidebar names more, and a button is off from the moment the banner names its key.
 * While the console (or web mode's service) is down the list is empty: which keys the token holds is not
 * known now, and the sidebar says why nothing works. A key a probe found missing before (the scopes may
 * have been given back since) is not said as if it were current, on the banner nor on a button.
 */
export function screenMissing(screen: Screen, own: readonly string[] = []): string[] {
  return keysMissing(keysUsedBy(screen), own)
}

/**
 * The screen of the permission tables (shared/access/permissions.ts) that a screen of the sidebar is,
 * or null for a screen that declares no keys (Start, Audit, Settings…): it has no banner.
 */
export function keyedScreen(id: ScreenId): Screen | null {
  const name = id === 'touch-passes' ? 'touchPasses' : id
  return name in actionKeys ? (name as Screen) : null
}

/**
 * Of the keys `used`, those the token lacks now, by the same rule as a screen's (`screenMissing`): what
 * a panel that is no screen of its own says (Settings → Kiosk, of the keys check-in needs).
 */
export function keysMissing(used: readonly string[], own: readonly string[] = []): string[] {
  const reach = connection.reach
  if (serviceLink.down || consoleDown(reach)) return []
  const said = reach?.state === 'permissions' ? (reach.missing ?? []).filter((key) => used.includes(key)) : []
  return [...own, ...said].filter((key, i, all) => all.indexOf(key) === i).sort()
}

/**
 * The key an action of `screen` needs when the token lacks it now, by the same list as the banner
 * (`screenMissing`), else null: what a button's "Needs edit:visitor" says and what turns it off.
 */
export function keyLacking(screen: Screen, key: string, own: readonly string[] = []): string | null {
  return screenMissing(screen, own).includes(key) ? key : null
}

/**
 * The other half of the one rule: a screen's own probe that found keys missing is asked afresh when the
 * connection is Connected again (the keys may have been given back on the console meanwhile): its banner
 * and its buttons do not keep naming keys from an earlier answer until a reload. Returns the unsubscribe.
 */
export function recheckKeysWhenBack(
  found: () => readonly (string | null)[] | string | null,
  recheck: () => unknown
): () => void {
  return connection.onBack(() => {
    const keys = found()
    const some = typeof keys === 'string' ? keys.length > 0 : (keys ?? []).some((key) => key)
    if (some) void recheck()
  })
}
