import type { AppError } from '../../../shared/errors'
import { connection } from '../stores/connection.svelte'
import { serviceLink } from '../stores/connection-service.svelte'
import { saidBySidebar } from '../stores/console-down'
import { commonWords } from './i18n/common-messages.svelte'
import { errorWords } from './i18n/error-words.svelte'

/**
 * A failed read's reason as a panel writes it, by one rule for every screen: while the sidebar says the
 * console (or web mode's service) cannot be used and the error is that outage (stores/console-down
 * `saidBySidebar`), only "not available" — the reason is written once, in the sidebar — and `quiet`: the
 * panel is no alert (the sidebar announced the outage once). Else the error's own words. Reactive: read in
 * markup or a $derived, it follows the connection state and the language.
 */
export function panelReason(
  error: AppError,
  say: (error: AppError) => { message: string } = errorWords
): { text: string; quiet: boolean } {
  if (saidBySidebar(error, connection.reach, serviceLink.down)) {
    return { text: commonWords().t('notAvailable'), quiet: true }
  }
  return { text: say(error).message, quiet: false }
}
