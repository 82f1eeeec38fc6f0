import type { KioskRefusal } from './schemas'
import type { Formats } from '../format/formats'
import type { Words } from '../i18n/translator'

/** The catalogue keys of a refusal as the desk reads it (Today's area: shared/i18n/messages/today/). */
export type RefusalForDeskKey =
  | 'refusal.tooEarly'
  | 'refusal.tooEarlyHours'
  | 'refusal.noHours'
  | 'refusal.noDoors'
  | 'refusal.ended'
  | 'refusal.cancelled'
  | 'refusal.offlineNoCode'
  | 'refusal.namesake'

// Its own module: the desk's Today list imports it without the kiosk's English catalogue (kiosk-english.ts).
/**
 * The same reason as the desk reads it in the kiosk's list ("Too early: the visit starts at 14:00"),
 * in Today's words (`m`), the time in the desk's formats (`fmt`): "14:00" today, "Mon 09:00" another day.
 */
export function refusalForDesk(
  refusal: KioskRefusal,
  m: Words<RefusalForDeskKey>,
  fmt: Formats,
  now = new Date()
): string {
  switch (refusal.reason) {
    case 'too-early': {
      const time = fmt.timeOrWeekdayTime(refusal.startsAt * 1000, now)
      return m.t(refusal.hours ? 'refusal.tooEarlyHours' : 'refusal.tooEarly', { time })
    }
    case 'no-hours':
      return m.t('refusal.noHours')
    case 'no-doors':
      return m.t('refusal.noDoors')
    case 'ended':
      return m.t('refusal.ended')
    case 'cancelled':
      return m.t('refusal.cancelled')
    case 'offline-no-code':
      return m.t('refusal.offlineNoCode')
    case 'namesake':
      return m.t('refusal.namesake')
  }
}
