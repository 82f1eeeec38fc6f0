import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function kioskHandlers({ kiosk, audit }: AppServices): HandlersOf<'kiosk'> {
  // What the kiosk does for a visitor (a QR code assigned, a badge printed) is the kiosk's on the audit trail.
  const asKiosk = <T>(run: () => Promise<T>) => audit.asKiosk(run)
  return {
    'kiosk.settings': async () => kiosk.getSettings(),
    'kiosk.saveSettings': (input) => kiosk.saveSettings(input),
    'kiosk.enter': async () => kiosk.enter(),
    'kiosk.exit': (input) => kiosk.exit(input.pin),
    'kiosk.exitWait': async () => kiosk.exitWait(),
    'kiosk.refresh': () => asKiosk(async () => ({ source: await kiosk.refresh(), settings: kiosk.getSettings() })),
    'kiosk.find': (input) => asKiosk(() => kiosk.find(input)),
    'kiosk.badge': (input) => asKiosk(() => kiosk.badge(input.visitorId)),
    'kiosk.checkIn': (input) => asKiosk(() => kiosk.checkIn(input)),
    'kiosk.checkins': async (input) => ({ items: await kiosk.checkins(input?.limit ?? 100) })
  }
}
