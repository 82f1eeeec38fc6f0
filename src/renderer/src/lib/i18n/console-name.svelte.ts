import { consoleNameIn } from '../../../../shared/console-name'
import { commonWords } from './common-messages.svelte'

/**
 * The one place the desk turns a stored console name into the name it shows (shared/console-name.ts):
 * the built-in console's default name in the desk's language, any name the person typed as typed.
 * Reactive: read in markup or a $derived, it follows a language switch. The connection store gives every
 * screen its profiles so named; Audit's rows, filter and errors naming a console word theirs here.
 */
export function consoleName(name: string): string {
  return consoleNameIn(name, commonWords())
}
