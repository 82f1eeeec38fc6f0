import { reachWord, serviceDownWhy, serviceDownWord } from '../lib/i18n/reach-words.svelte'
import { connection } from './connection.svelte'
import { serviceLink } from './connection-service.svelte'

/**
 * The active console's connection state as a line says it (the sidebar's, a console's card in Settings):
 * web mode's own service first, then the console's state as main said it. While the tab cannot reach the
 * service, nothing reaches the console and main's last word ("Connected") is no news (issue 31: Settings
 * read only the console's part and said "Now: Connected" while the service was down).
 * `state`: 'service' while the service is down, else the console's state; null: not known yet.
 */
export interface ConnectionNow {
  state: 'service' | NonNullable<typeof connection.reach>['state']
  words: string
  /** What is wrong, when something is (main's reason, or where the service note is). */
  why: string | null
}

export function connectionNow(): ConnectionNow | null {
  if (serviceLink.down) {
    return {
      state: 'service',
      words: serviceDownWord(),
      why: serviceDownWhy()
    }
  }
  const reach = connection.reach
  if (!reach) return null
  return {
    state: reach.state,
    words: reachWord(reach.state),
    why: reach.state !== 'reachable' && reach.message ? reach.message : null
  }
}
