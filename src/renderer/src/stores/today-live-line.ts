import type { LiveSource } from '../../../shared/today/schemas'
import { SERVICE_DOWN_WORDS } from './connection-service.svelte'

/** What Today's live line needs of the one connection state and of main's live source. */
export interface LiveLineInputs {
  /** Web mode's tab cannot reach Access Desk's service (serviceLink.down): nothing reaches the console. */
  serviceDown: boolean
  /** The console cannot be used now, as the sidebar says (consoleDown(connection.reach)). */
  consoleDown: boolean
  /** How main last said it keeps the list live: said by main over the link, so stale while the link is down. */
  source: LiveSource
  /** When the list was last read, as a clock time ("10:42"); null: never. */
  asOf: string | null
}

export type LiveDot = 'down' | 'live' | LiveSource['kind']

/**
 * Today's live line and its dot, from the one connection state first (the tab ⇄ service link, then the
 * console, as the sidebar reads them) and only then from main's live source. The source is main's
 * word, pushed over the link: with the service down nothing more arrives, so by itself it went on
 * saying "Console notifications connected" while the sidebar said the service was not answering.
 */
export function todayLiveLine({ serviceDown, consoleDown, source, asOf }: LiveLineInputs): {
  text: string
  dot: LiveDot
} {
  const shown = asOf ? ` Showing the list as of ${asOf}.` : ''
  if (serviceDown) return { text: `Not updating: ${SERVICE_DOWN_WORDS} (see the sidebar).${shown}`, dot: 'down' }
  if (consoleDown)
    return { text: `Not updating: the console cannot be used now (see the sidebar).${shown}`, dot: 'down' }
  switch (source.kind) {
    case 'notifications':
      return source.visitorEvents
        ? {
            text: `Live: console notifications (the list is also re-read every ${source.backstopSeconds} s)`,
            dot: 'live'
          }
        : {
            text: `Console notifications connected, no visitor event from this console yet: the list is read every ${source.backstopSeconds} s`,
            dot: 'notifications'
          }
    case 'polling':
      return { text: `Updating every ${source.everySeconds} s: ${source.reason}.`, dot: 'polling' }
    case 'off':
      return { text: 'Connecting to the console…', dot: 'off' }
  }
}
