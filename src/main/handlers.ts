import type { AppServices } from './services/app-services'
import type { Handlers } from './services/ipc/dispatch'
import { appHandlers } from './handlers/app'
import { connectionHandlers } from './handlers/connections'
import { pinHandlers } from './handlers/pins'
import { cardHandlers } from './handlers/cards'
import { enrollHandlers } from './handlers/enroll'
import { userHandlers } from './handlers/users'
import { visitorHandlers } from './handlers/visitors'
import { touchPassHandlers } from './handlers/touch-passes'
import { siteHandlers } from './handlers/sites'
import { readerHandlers } from './handlers/reader'
import { batchHandlers } from './handlers/batches'
import { badgeHandlers } from './handlers/badges'
import { kioskHandlers } from './handlers/kiosk'
import { todayHandlers } from './handlers/today'
import { auditHandlers } from './handlers/audit'
import { rosterHandlers } from './handlers/roster'
import { fleetHandlers } from './handlers/fleet'
import { announceCardWrites } from './services/cards/card-writes'
import { namingDeskZone } from './services/today/desk-zone-named'

/**
 * The contract's implementation: each namespace's handlers live in `handlers/<namespace>.ts` and
 * are joined here. The `Handlers` type makes a channel without a handler a compile error.
 */
export function createHandlers(services: AppServices): Handlers {
  // Writes to the console's cards made outside Cards mark the card inventory stale (cards.stale).
  // A call that names the desk's time zone (shared/today/desk-zone.ts) names it for every "today" of main.
  return namingDeskZone(announceCardWrites(handlers(services), services.events.emit), services.deskZone)
}

function handlers(services: AppServices): Handlers {
  return {
    ...appHandlers(services),
    ...connectionHandlers(services),
    ...pinHandlers(services),
    ...cardHandlers(services),
    ...enrollHandlers(services),
    ...userHandlers(services),
    ...visitorHandlers(services),
    ...touchPassHandlers(services),
    ...siteHandlers(services),
    ...readerHandlers(services),
    ...batchHandlers(services),
    ...badgeHandlers(services),
    ...kioskHandlers(services),
    ...todayHandlers(services),
    ...auditHandlers(services),
    ...rosterHandlers(services),
    ...fleetHandlers(services)
  }
}
