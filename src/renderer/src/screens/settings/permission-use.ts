import type { PermissionCheck } from '../../../../shared/connections'
import { permissionUses } from '../../../../shared/access/permissions'
import { settingsWords } from '../../lib/i18n/settings-messages.svelte'

/**
 * What the desk does with a permission key, in the desk's language: the permissions table and the
 * test's summary both say it from here. Main sends its English (`uses`) beside the key; a key the
 * catalogue does not know (a newer main) keeps main's words.
 */
export function permissionUse(p: Pick<PermissionCheck, 'key' | 'uses'>): string {
  return p.key in permissionUses ? settingsWords().t(`use.${p.key as keyof typeof permissionUses}`) : p.uses
}
