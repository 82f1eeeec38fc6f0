import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function kioskHandlers({ kiosk }: AppServices): HandlersOf<'kiosk'> {
  return {
    'kiosk.settings': async () => kiosk.getSettings(),
    'kiosk.saveSettings': (input) => kiosk.saveSettings(input),
    'kiosk.enter': async () => kiosk.enter(),
    'kiosk.exit': (input) => kiosk.exit(input.pin),
    'kiosk.exitWait': async () => kiosk.exitWait(),
    'kiosk.refresh': async () => ({ source: await kiosk.refresh(), settings: kiosk.getSettings() }),
    'kiosk.find': (input) => kiosk.find(input),
    'kiosk.badge': (input) => kiosk.badge(input.visitorId),
    'kiosk.checkIn': (input) => kiosk.checkIn(input),
    'kiosk.checkins': async (input) => ({ items: await kiosk.checkins(input?.limit ?? 100) })
  }
}
