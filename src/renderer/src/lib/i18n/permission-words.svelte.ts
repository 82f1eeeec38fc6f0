import { shellWords } from './shell-messages.svelte'
import { deskLanguage } from './desk-language.svelte'
import { listFormat } from '../../../../shared/format/formats'
import { formatCount } from '../numbers'
import { screenName } from '../screen-name'
import type { ScreenId } from '../../stores/router.svelte'

/**
 * The missing-permission words in the desk's language, the one place the desk gets them (the English
 * of shared/access/permissions.ts stays for main and the CLI). The keys themselves (edit:visitor) are
 * the console's names and are never translated: they are what the person looks for in the console.
 *
 * One rule, so that two lists on screen at once never read as a contradiction: the token's whole list
 * is said as the token's, "in all" (the sidebar, Settings' check, the Consoles screen: `tokenLacks`);
 * a screen's banner says which of them that screen needs, naming the screen (`permissionNote`). Both
 * list the keys alike (`keyList`: each once, in one order), so the banner's are found in the sidebar's.
 * test/renderer/permissions/missing-keys-one-rule.test.ts holds every screen of the registry to it.
 */

/** The keys as every list of them is written: each once, sorted, joined as the desk's language joins a list. */
export function keyList(keys: readonly string[]): { list: string; count: number } {
  const once = keys.filter((key, i) => keys.indexOf(key) === i).sort()
  return { list: listFormat(deskLanguage.formatLocale, { type: 'conjunction' }).format(once), count: once.length }
}

/** The token's whole list: "The API token lacks 5 permissions in all: edit:credential, … and view:visitor." */
export function tokenLacks(keys: readonly string[]): string {
  const { list, count } = keyList(keys)
  return shellWords().t('permission.tokenLacks', { list, count, n: formatCount(count) })
}

/**
 * The banner of a screen whose token lacks keys it needs: the screen by its name (the one the shell
 * draws it in, lib/screen-shown; "This screen" drawn on its own), the keys of the token's list that
 * it needs, that what needs them is off, and where keys are added.
 */
export function permissionNote(missing: readonly string[], screen?: ScreenId): string {
  const { list, count } = keyList(missing)
  const named = screen ? screenName(screen) : shellWords().t('permission.thisScreen')
  return shellWords().t('permission.note', { screen: named, list, count })
}

/** The reason of a button turned off for a missing key. */
export function needsKey(key: string): string {
  return shellWords().t('permission.needs', { key })
}
