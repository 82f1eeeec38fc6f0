import type { DeskSettings } from '../../../shared/today/schemas'
import type { AccessClient } from '../access/client'
import { missingKeys } from '../access/permission-probe'
import { keysOf } from '../../../shared/access/permissions'
import type { Emit } from '../events'
import { DeskSettingsStore } from './desk-settings'
import { TodayLive, type LiveDeps } from './live-updates'
import { openNotifications, type SocketTarget } from './notifications-socket'
import { TodayService, type TodayServiceDeps } from './today-service'

export interface TodayDeskDeps {
  dataDir: string
  client: () => Promise<AccessClient>
  /** The active console's id and what the notifications socket needs. */
  target: () => Promise<SocketTarget & { id: string }>
  badgeMarks: TodayServiceDeps['badgeMarks']
  checkins?: TodayServiceDeps['checkins']
  deskArrivals?: TodayServiceDeps['deskArrivals']
  deskZone?: TodayServiceDeps['deskZone']
  emit: Emit
  timing?: Pick<LiveDeps, 'pollMs' | 'backstopMs' | 'retrySocketMs'>
}

/** The reception's Today: the list, its live updates and the desk's walk-in doors. */
export class TodayDesk {
  readonly live: TodayLive
  private readonly desk: DeskSettingsStore

  constructor(private readonly deps: TodayDeskDeps) {
    const list = new TodayService({
      client: deps.client,
      badgeMarks: deps.badgeMarks,
      checkins: deps.checkins,
      deskArrivals: deps.deskArrivals,
      ...(deps.deskZone ? { deskZone: deps.deskZone } : {})
    })
    this.desk = new DeskSettingsStore(deps.dataDir)
    this.live = new TodayLive({
      read: () => list.readDay(),
      deskZone: (zone) => list.deskZone(zone),
      open: async (handlers) => openNotifications(await deps.target(), handlers),
      emit: deps.emit,
      ...deps.timing
    })
  }

  /** The keys of Today's actions (shared/access/permissions.ts) the token lacks, each probed harmlessly. */
  async capabilities(): Promise<{ missing: string[] }> {
    return { missing: await missingKeys(await this.deps.client(), keysOf('today')) }
  }

  async settings(): Promise<DeskSettings> {
    return this.desk.get((await this.deps.target()).id)
  }

  async saveSettings(settings: DeskSettings): Promise<DeskSettings> {
    return this.desk.save((await this.deps.target()).id, settings)
  }
}
