import { shellWords } from './shell-messages.svelte'
import { deskLanguage } from './desk-language.svelte'
import { listFormat } from '../../../../shared/format/formats'

/**
 * The missing-permission words in the desk's language, the one place a screen gets them (the English
 * of shared/access/permissions.ts stays for main and the CLI). The keys themselves (edit:visitor) are
 * the console's names and are never translated: they are what the person looks for in the console.
 */

/** The banner of a screen whose token lacks keys: every key named, what is off, where keys are added. */
export function permissionNote(missing: readonly string[]): string {
  const keys = missing.filter((key, i) => missing.indexOf(key) === i)
  const list = listFormat(deskLanguage.formatLocale, { type: 'conjunction' }).format(keys)
  return shellWords().t('permission.note', { list, count: keys.length })
}

/** The reason of a button turned off for a missing key. */
export function needsKey(key: string): string {
  return shellWords().t('permission.needs', { key })
}
