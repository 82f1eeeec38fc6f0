import { consoleUnsureKey, type ConsoleUnsure } from '../../../../shared/batches/console-unsure'
import { importWords } from './import-messages.svelte'

/**
 * What the console check could not see (shared/batches/console-unsure.ts), in the desk's language: of a
 * typed card, or of the rows a check did not find. Read where shown, so it follows a language switch.
 */
export function consoleUnsureWords(of: 'typed' | 'checked', unsure: ConsoleUnsure): string {
  return importWords().t(consoleUnsureKey(of, unsure), { without: unsure.without })
}
