import type { BadgeHistoryEntry, BadgeSettings, BadgeStockId } from '../../../shared/badges/schemas'
import type { AppError } from '../../../shared/errors'
import { getApi } from '../lib/api'
import { toAppError } from '../lib/errors'

/** The badge desk: which visitor's badge is shown, the settings, the print history. */
export class BadgeDesk {
  /** Set by "Make a badge" on the Visitors screen. */
  visitorId = $state<string | null>(null)
  /** Set when a history entry is reprinted. */
  reprintOf = $state<string | null>(null)
  stock = $state<BadgeStockId>('dk-11202')
  settings = $state.raw<BadgeSettings | null>(null)
  history = $state.raw<BadgeHistoryEntry[]>([])
  transport = $state<'electron' | 'web' | 'cli' | 'test' | null>(null)
  error = $state<AppError | null>(null)

  async load(): Promise<void> {
    try {
      const [settings, history, info] = await Promise.all([
        getApi().badges.settings(),
        getApi().badges.history({ limit: 50 }),
        getApi().app.info()
      ])
      this.settings = settings
      this.history = history.items
      this.transport = info.transport
      this.stock = settings.stock
    } catch (err) {
      this.error = toAppError(err)
    }
  }

  async refreshHistory(): Promise<void> {
    this.history = (await getApi().badges.history({ limit: 50 })).items
  }

  makeBadgeFor(visitorId: string): void {
    this.visitorId = visitorId
    this.reprintOf = null
  }
}

export const badgeDesk = new BadgeDesk()
