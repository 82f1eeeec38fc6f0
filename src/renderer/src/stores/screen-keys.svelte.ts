import { keysUsedBy, type Screen } from '../../../shared/access/permissions'
import { connection } from './connection.svelte'

/**
 * The permission keys a screen lacks, for its banner (components/common/PermissionNote): what the
 * screen's own probe found (`own`) and every key it uses (shared/access/permissions.ts `keysUsedBy`: its
 * actions' and its reads') that the one connection state names missing — the list the sidebar and
 * Settings say. So a screen never names only its edit keys while the sidebar names more.
 */
export function screenMissing(screen: Screen, own: readonly string[] = []): string[] {
  const reach = connection.reach
  const used: readonly string[] = keysUsedBy(screen)
  const said = reach?.state === 'permissions' ? (reach.missing ?? []).filter((key) => used.includes(key)) : []
  return [...own, ...said].filter((key, i, all) => all.indexOf(key) === i).sort()
}
