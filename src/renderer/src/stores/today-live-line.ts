import type { LiveSource } from '../../../shared/today/schemas'
import { serviceDownWord } from '../lib/i18n/reach-words.svelte'
import type { TodayWords } from '../lib/i18n/today-messages.svelte'

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
  /** The key the token lacks to read the list (view:visitor): nothing updates, whatever the source says. */
  listKeyMissing?: string | null
}

export type LiveDot = 'down' | 'live' | LiveSource['kind']

/**
 * Today's live line and its dot, from the one connection state first (the tab ⇄ service link, then the
 * console, as the sidebar reads them) and only then from main's live source. The source is main's
 * word, pushed over the link: with the service down nothing more arrives, so by itself it went on
 * saying "Console notifications connected" while the sidebar said the service was not answering.
 * The words are Today's catalogue's, in the desk's language, with the sidebar's own words for the service
 * being down (lib/i18n/reach-words); why Today polls comes as facts (shared/today/live-why.ts), worded here too.
 */
export function todayLiveLine(
  { serviceDown, consoleDown, source, asOf, listKeyMissing }: LiveLineInputs,
  m: TodayWords
): {
  text: string
  dot: LiveDot
} {
  if (serviceDown) {
    const service = serviceDownWord()
    return {
      text: asOf ? m.t('live.serviceDownAsOf', { service, asOf }) : m.t('live.serviceDown', { service }),
      dot: 'down'
    }
  }
  if (consoleDown) return { text: asOf ? m.t('live.consoleDownAsOf', { asOf }) : m.t('live.consoleDown'), dot: 'down' }
  // A token that cannot read the list: "updates every 15 s" would promise a list that never comes.
  if (listKeyMissing) return { text: m.t('live.cannotRead', { key: listKeyMissing }), dot: 'down' }
  switch (source.kind) {
    case 'notifications':
      return source.visitorEvents
        ? { text: m.t('live.notifications', { seconds: source.backstopSeconds }), dot: 'live' }
        : { text: m.t('live.notificationsQuiet', { seconds: source.backstopSeconds }), dot: 'notifications' }
    case 'polling': {
      // The facts are the sentence's values (type-only import: shared/today/live-why.ts loads zod).
      const { key, ...values } = source.why
      return {
        text: m.t('live.polling', {
          seconds: source.everySeconds,
          reason: m.t(`live.why.${key}`, values)
        }),
        dot: 'polling'
      }
    }
    case 'off':
      return { text: m.t('live.connecting'), dot: 'off' }
  }
}
