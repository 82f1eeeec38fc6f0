import type { KioskRefusal } from './schemas'
import type { Formats } from '../format/formats'
import type { Words } from '../i18n/translator'
import { actionKeys } from '../access/permissions'

/** The catalogue keys of a refusal as the desk reads it (Today's area: shared/i18n/messages/today/). */
export type RefusalForDeskKey =
  | 'refusal.tooEarly'
  | 'refusal.tooEarlyHours'
  | 'refusal.noHours'
  | 'refusal.noDoors'
  | 'refusal.ended'
  | 'refusal.cancelled'
  | 'refusal.offlineNoCode'
  | 'refusal.tokenMayNotGiveCode'
  | 'refusal.tokenLacks'
  | 'refusal.tokenRefused'
  | 'refusal.consoleRefused'
  | 'refusal.namesake'
  | 'refusal.notFound'
  | 'refusal.notFoundHeld'
  | 'refusal.held'

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
    case 'console-refused':
      return consoleRefused(refusal, m)
    case 'namesake':
      return m.t('refusal.namesake')
    case 'not-found':
      // Main holds the next search after names missed (kiosk-service.ts): the desk knows why the kiosk waits.
      return refusal.waitSeconds
        ? m.t('refusal.notFoundHeld', { count: refusal.tries, seconds: refusal.waitSeconds })
        : m.t('refusal.notFound', { count: refusal.tries })
    case 'held':
      // Typed during that hold: not looked up, so perhaps a booked visitor (the desk checks).
      return m.t('refusal.held', { seconds: refusal.waitSeconds })
  }
}

/**
 * The console answered and refused (kiosk/failed-step.ts): the true reason, as the Audit row of the
 * same call says it. The key of giving a QR code (the badge's key, permissions.ts) is said as what
 * it stops; any other key by its name.
 */
function consoleRefused(
  refusal: Extract<KioskRefusal, { reason: 'console-refused' }>,
  m: Words<RefusalForDeskKey>
): string {
  if (refusal.cause === 'auth') return m.t('refusal.tokenRefused')
  if (refusal.cause === 'permission' && refusal.key)
    return m.t(refusal.key === actionKeys.today.badge ? 'refusal.tokenMayNotGiveCode' : 'refusal.tokenLacks', {
      key: refusal.key
    })
  return m.t('refusal.consoleRefused')
}
