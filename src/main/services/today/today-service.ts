import type { DayVisitor } from '../../../shared/access/visitors'
import type { TodayRow, TodayView } from '../../../shared/today/schemas'
import type { KioskCheckin } from '../../../shared/kiosk/schemas'
import type { BadgeOutput } from '../../../shared/badges/schemas'
import { arrivalsOn, type DeskRecords } from '../../../shared/today/groups'
import type { AccessClient } from '../access/client'
import { unfoldVisitorDoors } from '../access/doors'
import { isAutomaticGroup } from '../../../shared/access/doors'
import { dayEntries, dayRow, type DayEntry } from './today-list'
import { DeskZone } from './desk-day'
import { allRows, dayHead, type TodayDay } from './today-day'
import type { WindowRow } from '../../../shared/today/window'

export interface BadgeMarks {
  /** Visitor → when their newest badge was printed or saved here (the print history). */
  printed: ReadonlyMap<string, string>
  /** Visitor → when this desk revoked the QR code of a badge printed before (QrCodeLog.sincePrint). */
  qrRevokedSincePrint: ReadonlyMap<string, string>
  /** Visitor → when this desk gave them the QR code they hold (not revoked here since: QrCodeLog.assignedNow). */
  qrAssigned?: ReadonlyMap<string, string>
  /** Visitor → where their newest badge went (absent: an older history, or none). */
  outputs?: ReadonlyMap<string, BadgeOutput>
}

export interface TodayServiceDeps {
  client: () => Promise<Pick<AccessClient, 'visitors' | 'doors'>>
  /** What the desk's own records say of each visitor's badge (one read of the print history). */
  badgeMarks: () => Promise<BadgeMarks>
  /**
   * The kiosk's check-in log, newest first (read only): who checked in today. The console keeps a
   * visitor checked in at the kiosk ACTIVE (the API cannot set VISITING), so this is how Today knows.
   */
  checkins?: () => Promise<readonly KioskCheckin[]>
  /**
   * The desk's own records (read only): the walk-ins it added and the visits it ended. They were here,
   * so a visit of theirs whose window is over is Left, not No-show.
   */
  deskArrivals?: () => Promise<DeskRecords>
  /** The desk's time zone as its screens name it, one for the app (desk-day.ts); a service of its own without. */
  deskZone?: DeskZone
  now?: () => Date
}

type DoorsApi = Parameters<typeof unfoldVisitorDoors>[0]
type Topology = Awaited<ReturnType<DoorsApi['topology']>>

const hasDoorGroup = (v: Pick<DayVisitor, 'resources'>) => v.resources.some((r) => r.type === 'door_group')

/** The sub-objects Today asks the console for (bench/lists-open.bench.ts sends the same query as its floor). */
export const TODAY_EXPAND = ['resource', 'nfc_card', 'pin_code', 'schedule'] as const

/**
 * Today's visitors as the reception reads them. The console's list cannot filter by time (§4.4), so
 * every visitor is read and the window is checked here; `expand[]` asks for the doors, cards, PIN and
 * weekly schedule (whether the pass works now) because which sub-objects a list carries without it is not stated (facts 3.9).
 */
export class TodayService {
  /** Automatic door groups never change their doors (an edit makes a new group): read once each. */
  private readonly groups = new Map<string, ReturnType<DoorsApi['group']>>()

  /** The desk's time zone, as its screens last named it (desk-day.ts); main's own until one does. */
  private readonly desk: DeskZone
  /** The zone the day held was read in. */
  private readIn: string | undefined

  constructor(private readonly deps: TodayServiceDeps) {
    this.desk = deps.deskZone ?? new DeskZone()
  }

  /** The desk's time zone (web mode: the browser's); true when it is not the one the day held was read in. */
  deskZone(zone: string | undefined): boolean {
    this.desk.name(zone)
    return this.desk.zone !== this.readIn
  }

  /** Every row of the day at once (what `today.list` answers). */
  async read(): Promise<Omit<TodayView, 'source'>> {
    const day = await this.readDay()
    return { ...dayHead(day), rows: await allRows(day) }
  }

  /**
   * The day as the screen's windows are cut from it (today-day.ts): every visit placed in its group and
   * order, each row (doors unfolded, pass, badge) made when a window first shows it.
   */
  async readDay(): Promise<TodayDay> {
    const now = (this.deps.now ?? (() => new Date()))()
    this.readIn = this.desk.zone
    const day = this.desk.day(now)
    const c = await this.deps.client()
    // The door topology (to unfold automatic groups) is read as soon as a page shows a door group,
    // alongside the rest of the visitors, not after them: one round trip less before the list answers.
    let topology: Promise<Topology | null> | undefined
    const readTopology = () => (topology ??= c.doors.topology().catch(() => null))
    const [visitors, badges, checkins, atDesk] = await Promise.all([
      c.visitors.allOfTheDay({
        expand: [...TODAY_EXPAND],
        onPage: (_n, items) => {
          if (!topology && items.some(hasDoorGroup)) void readTopology()
        }
      }),
      this.deps.badgeMarks(),
      // A log that cannot be read leaves the console's statuses alone: the list is still the console's.
      (this.deps.checkins?.() ?? Promise.resolve([])).catch(() => [] as const),
      (this.deps.deskArrivals?.() ?? Promise.resolve({})).catch(() => ({}))
    ])
    const arrivals = arrivalsOn(checkins, day, atDesk)
    const entries = dayEntries(visitors, day, (v) => arrivals.get(v.id) ?? null, now.getTime())
    const made = new Map<string, TodayRow>()
    const rowsOf = async (asked: readonly WindowRow[]): Promise<TodayRow[]> => {
      // The entries of this day (a window cut from `entries`): a DayEntry each.
      const missing = (asked as readonly DayEntry[]).filter((e) => !made.has(e.id))
      const doors = await this.doorNames(
        c,
        missing.map((e) => e.visitor),
        readTopology
      )
      for (const e of missing) {
        made.set(
          e.id,
          dayRow(e, {
            doors: doors.get(e.id) ?? [],
            badgePrinted: badges.printed.has(e.id),
            badgeOutput: badges.outputs?.get(e.id) ?? null,
            badgeQrRevokedAt: badges.qrRevokedSincePrint.get(e.id) ?? null,
            qrAssigned: badges.qrAssigned?.has(e.id) ?? false
          })
        )
      }
      return asked.map((e) => made.get(e.id)!)
    }
    return { day: day.day, dayStart: day.start, dayEnd: day.end, readAt: now.getTime(), entries, rowsOf }
  }

  /** Door names of these visitors, automatic groups unfolded; the topology is read once per list. */
  private async doorNames(
    c: Pick<AccessClient, 'doors'>,
    shown: readonly DayVisitor[],
    readTopology: () => Promise<Topology | null>
  ): Promise<Map<string, TodayRow['doors']>> {
    if (!shown.some(hasDoorGroup)) {
      return new Map(shown.map((v) => [v.id, v.resources.map((r) => ({ name: r.name || r.id, group: false }))]))
    }
    const api: DoorsApi = {
      topology: async () => {
        const t = await readTopology()
        if (!t) throw new Error('topology unavailable')
        return t
      },
      group: (id) => {
        let found = this.groups.get(id)
        if (!found) {
          found = c.doors.group(id)
          this.groups.set(id, found)
          // A failed read is tried again next time.
          found.catch(() => this.groups.delete(id))
        }
        return found
      }
    }
    const out = new Map<string, TodayRow['doors']>()
    await Promise.all(
      shown.map(async (v) => {
        const unfolded = await unfoldVisitorDoors(api, v.resources)
        out.set(
          v.id,
          unfolded.map((r) => ({ name: r.name || r.id, group: r.type === 'door_group' && !isAutomaticGroup(r) }))
        )
      })
    )
    return out
  }
}
