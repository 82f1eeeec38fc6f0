import type { KioskCheckin, KioskFind, KioskSettingsInput } from '../../../shared/kiosk/schemas'
import { getApi } from '../lib/api'
import { inDeskZone } from '../lib/desk-zone'

/** The kiosk's calls: the only way the kiosk screens and the kiosk settings reach main. */
export const kioskApi = {
  settings: () => getApi().kiosk.settings(),
  saveSettings: (input: KioskSettingsInput) => getApi().kiosk.saveSettings(input),
  enter: () => getApi().kiosk.enter(),
  exit: (pin: string) => getApi().kiosk.exit({ pin }),
  exitWait: () => getApi().kiosk.exitWait(),
  // Today at the kiosk is the desk's day, in this page's time zone (shared/today/desk-zone.ts).
  refresh: () => getApi().kiosk.refresh(inDeskZone({})),
  find: (input: KioskFind) => getApi().kiosk.find(inDeskZone(input)),
  badge: (visitorId: string) => getApi().kiosk.badge(inDeskZone({ visitorId })),
  checkIn: (input: Parameters<ReturnType<typeof getApi>['kiosk']['checkIn']>[0]) =>
    getApi().kiosk.checkIn(inDeskZone(input)),
  transport: async () => (await getApi().app.info()).transport
}

/** Today's kiosk check-ins (for the reception's Today screen), kept current by `kiosk.checkedIn`. */
export class KioskCheckins {
  items = $state.raw<KioskCheckin[]>([])
  loaded = $state(false)

  async load(limit = 200): Promise<void> {
    const { items } = await getApi().kiosk.checkins({ limit })
    this.items = items
    this.loaded = true
  }

  /** Follow new check-ins; returns the unsubscribe. */
  listen(): () => void {
    return getApi().on('kiosk.checkedIn', (entry) => {
      this.items = [entry, ...this.items.filter((e) => e.id !== entry.id)]
    })
  }
}
