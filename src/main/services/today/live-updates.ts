import { isVisitorEvent } from '../../../shared/access/notifications'
import type { LiveSource, TodayView, TodayWindowView } from '../../../shared/today/schemas'
import type { Emit } from '../events'
import { todayWindow, type TodayWindowAsk } from '../../../shared/today/window'
import { rowsChange, rowsSeen, type RowsSeen } from './today-list'
import { allRows, asDay, dayHead, type TodayDay, type TodayRead } from './today-day'
import { SocketRefused, type OpenSocket } from './notifications-socket'
import type { Notification } from '../../../shared/access/notifications'
import type { LiveWhy } from '../../../shared/today/live-why'
import { liveWhyEnglish } from './live-why-english'

/** The watcher of a caller that names none (the CLI, a test): one shared name. */
const DEFAULT_WATCHER = 'default'

export interface LiveDeps {
  /** The day read from the console (its rows made as asked: today-day.ts). */
  read: () => Promise<TodayRead>
  /**
   * The desk's time zone as the screen names it (web mode: the browser's, which may not be the service's):
   * true when it changed, so the day held is not the desk's and is read again.
   */
  deskZone?: (zone: string | undefined) => boolean
  open: (handlers: { onMessage: (n: Notification) => void; onClose: (why: LiveWhy) => void }) => Promise<OpenSocket>
  emit: Emit
  /** Polling interval without a socket (15 s). */
  pollMs?: number
  /** Re-read interval while the socket is open, in case the console sends no visitor events (60 s). */
  backstopMs?: number
  /** How often a refused or closed socket is tried again while polling (60 s). */
  retrySocketMs?: number
}

/**
 * Keeps Today up to date while a screen watches it. The console's notifications WebSocket (needs
 * `view:device`, Access 1.20.11+) is tried first: a visitor event on it re-reads the list at once.
 * The reference lists `access.visitor.status.changed` as a webhook event and documents only doorbell
 * and device messages on the socket, so until the socket has carried a visitor event the list is
 * still read every 15 s, and once a minute after. Without a socket the list is read every 15 s, and
 * the socket is tried again every minute.
 * Webhooks are not used: the console would have to reach this computer over HTTPS, which a desk PC
 * behind NAT or a firewall rarely allows, and registering one needs `edit:webhook`.
 */
export class TodayLive {
  /**
   * Who watches: each screen that shows Today (one per tab or window) names itself. The list stays live
   * while anyone watches, so one tab leaving Today does not stop another's updates.
   */
  private readonly watchers = new Set<string>()
  private watching = false
  private socket: OpenSocket | undefined
  private timer: NodeJS.Timeout | undefined
  /**
   * What the last read showed (each row as said, by id, and the day): a re-read pushes only what changed.
   * Made when a re-read compares with it, not when a screen's list is read: saying 2,500 rows as JSON
   * (and making every row to say) cost tens of milliseconds of the first open on a large site, before
   * its rows were answered.
   */
  private lastSeen: (() => Promise<RowsSeen>) | undefined
  private lastSocketTry = 0
  private generation = 0
  private pending: Promise<void> | undefined
  private pendingGeneration = 0
  private again = false
  /** A visitor event arrived on the open socket: the console sends them, polling can slow down. */
  private visitorEvents = false
  source: LiveSource = { kind: 'off' }
  /** When the re-reads started failing (0: the last one worked). */
  private failingSince = 0
  /** The last list read on this console: what a read that fails answers (a tab opened during an outage). */
  private held: TodayDay | undefined

  constructor(private readonly deps: LiveDeps) {}

  private get pollMs() {
    return this.deps.pollMs ?? 15_000
  }
  private get backstopMs() {
    return this.deps.backstopMs ?? 60_000
  }
  private get retrySocketMs() {
    return this.deps.retrySocketMs ?? 60_000
  }

  /**
   * Start (or keep) watching for `watcher`; answers the source in use once the socket was tried. A
   * watcher who watches already is counted once.
   */
  async watch(watcher = DEFAULT_WATCHER): Promise<LiveSource> {
    this.watchers.add(watcher)
    if (this.watching) return this.source
    return this.start()
  }

  /**
   * The list as a screen opens it, and the screen watching from then on (`watcher`). The list is read
   * and answered first; the notifications socket is opened after the answer. Opened before the read, the
   * socket held a large site's first rows back by its opening (up to a second on a loaded desk PC). The
   * socket's opening does not read the list again: the list was just read, and a second read of every
   * visitor ran while the screen drew its rows (on a desk PC's two cores); what changes meanwhile is read
   * by the next scheduled read (every poll interval until the socket carries a visitor event).
   */
  async list(watcher?: string): Promise<TodayView> {
    return withAllRows(await this.open(watcher))
  }

  /** The day as `list` reads it (the watcher kept up to date from then on), its rows not made yet. */
  private async open(watcher?: string): Promise<HeldDay> {
    if (watcher === undefined) return this.readDay()
    this.watchers.add(watcher)
    if (this.watching) return this.readDay()
    this.watching = true
    const generation = this.generation
    try {
      return await this.readDay()
    } finally {
      // A macrotask later: the answer is cut into the screen's window and sent before the socket's
      // handshake and its catch-up read take the process.
      setTimeout(() => {
        if (generation === this.generation) void this.connect(generation, false)
      }, 0)
    }
  }

  /**
   * A screen's window of the list (shared/today/window.ts): with `read`, the console read first as
   * `list` reads it (the screen opens, a walk-in was added); else the list main holds, read once if none.
   * Only the rows of the window are made (today-day.ts).
   */
  async view(
    ask: TodayWindowAsk & { watcher?: string | undefined; read?: boolean; timeZone?: string | undefined }
  ): Promise<TodayWindowView> {
    const otherDay = this.deps.deskZone?.(ask.timeZone) ?? false
    const base =
      ask.read || otherDay || !this.held ? await this.open(ask.watcher) : { day: this.held, source: this.source }
    const { groups, ...counts } = todayWindow(base.day.entries, ask)
    const rows = await base.day.rowsOf(groups.flatMap((g) => g.rows))
    let at = 0
    return {
      ...headOf(base),
      ...counts,
      groups: groups.map((g) => ({ ...g, rows: rows.slice(at, (at += g.rows.length)) }))
    }
  }

  /** `watcher` stops watching; the updates stop when nobody else watches. */
  unwatch(watcher = DEFAULT_WATCHER): void {
    this.watchers.delete(watcher)
    if (this.watchers.size === 0) this.stop()
  }

  private async start(): Promise<LiveSource> {
    this.watching = true
    await this.connect(this.generation)
    return this.source
  }

  private stop(): void {
    this.watching = false
    this.generation++
    this.stopTimers()
    this.setSource({ kind: 'off' })
  }

  /** Another console: drop the socket and what was read, and start again if watching. */
  async restart(): Promise<void> {
    const was = this.watching
    this.stop()
    this.lastSeen = undefined
    this.held = undefined
    if (was) await this.start()
  }

  /**
   * The list as it is now, remembered so an unchanged re-read pushes nothing. When the console does not
   * answer, the list main holds, said as not read now (`notReadNow`); with nothing held, the error.
   */
  async read(): Promise<TodayView> {
    return withAllRows(await this.readDay())
  }

  /** `read`, its rows not made yet. */
  private async readDay(): Promise<HeldDay> {
    let day: TodayDay
    try {
      day = asDay(await this.deps.read())
    } catch (err) {
      if (!this.held) throw err
      const message = err instanceof Error ? err.message : String(err)
      return { day: this.held, source: this.source, notReadNow: { at: Date.now(), message } }
    }
    this.answered(day)
    this.lastSeen = async () => rowsSeen({ day: day.day, rows: await allRows(day) })
    return { day, source: this.source }
  }

  /**
   * The one place a read of the list that worked is taken in, whoever read it (a tab opening Today or
   * main's re-read): it is held, the failing re-reads end, and every tab is told with when it was read.
   * Otherwise a second tab would say "this list is not current" until main's next re-read, up to a
   * poll interval after the console answered again.
   */
  private answered(view: TodayDay): void {
    this.held = view
    this.failingSince = 0
    this.deps.emit('today.reads', { failingSince: null, lastFailedAt: null, message: null, readAt: view.readAt })
  }

  /**
   * Something this desk records changed a visitor's group (a kiosk check-in): re-read now while a
   * screen watches Today, as a visitor event would. Nobody watching: the next watch reads anyway.
   */
  deskChanged(): void {
    if (this.watching) void this.refresh()
  }

  /**
   * Re-read and push the list when it changed. Calls while a read runs are folded into one more
   * read after it, so a burst of events costs two reads.
   */
  refresh(): Promise<void> {
    const generation = this.generation
    if (this.pending) {
      // A read for the console before a switch ends without pushing: read again after it.
      if (this.pendingGeneration !== generation) return this.pending.then(() => this.refresh())
      this.again = true
      return this.pending
    }
    this.pendingGeneration = generation
    this.pending = (async () => {
      do {
        this.again = false
        try {
          const view = asDay(await this.deps.read())
          if (generation !== this.generation) return
          // Every read that worked is said (an unchanged list is pushed no further): the screen's
          // "List read at" is when the list was last read, and a failure stops being said.
          this.answered(view)
          // Only what changed goes to the screens (each asks its window again): not 2,500 rows each time.
          const rows = await allRows(view)
          const seen = rowsSeen({ day: view.day, rows })
          const change = rowsChange(await this.lastSeen?.(), seen)
          this.lastSeen = async () => seen
          if (generation !== this.generation) return
          if (change) {
            const changed = rows.filter((r) => change.changed.has(r.id))
            this.deps.emit('today.changed', {
              ...dayHead(view),
              source: this.source,
              changed,
              removed: change.removed,
              moved: change.moved
            })
          }
        } catch (err) {
          // The console may be unreachable for a while: the screen keeps the last list and says since when.
          if (generation !== this.generation) return
          const at = Date.now()
          this.failingSince ||= at
          const message = err instanceof Error ? err.message : String(err)
          this.deps.emit('today.reads', { failingSince: this.failingSince, lastFailedAt: at, message })
        }
      } while (this.again && generation === this.generation)
    })().finally(() => {
      this.pending = undefined
    })
    return this.pending
  }

  close(): void {
    this.watchers.clear()
    this.stop()
  }

  /**
   * Open the socket; `catchUp`: read the list once it is open (what changed while it was closed). Not
   * after a list just read for a screen (`list`): that read is what this one would answer again.
   */
  private async connect(generation: number, catchUp = true): Promise<void> {
    this.lastSocketTry = Date.now()
    try {
      const socket = await this.deps.open({
        onMessage: (n) => {
          if (generation !== this.generation || !isVisitorEvent(n.event)) return
          if (!this.visitorEvents) {
            this.visitorEvents = true
            this.setNotifications()
            this.schedule(this.backstopMs, generation)
          }
          void this.refresh()
        },
        onClose: (why) => {
          if (generation !== this.generation || this.socket !== socket) return
          this.socket = undefined
          this.poll(why, generation)
        }
      })
      if (generation !== this.generation) return socket.close()
      this.socket = socket
      this.visitorEvents = false
      this.setNotifications()
      this.schedule(this.socketInterval, generation)
      // What changed while no socket was open.
      if (catchUp) void this.refresh()
    } catch (err) {
      if (generation !== this.generation) return
      const why: LiveWhy =
        err instanceof SocketRefused
          ? err.why
          : { key: 'notOpened', detail: err instanceof Error ? err.message : String(err) }
      this.poll(why, generation)
    }
  }

  /** How often the list is read while the socket is open. */
  private get socketInterval() {
    return this.visitorEvents ? this.backstopMs : this.pollMs
  }

  private setNotifications() {
    this.setSource({
      kind: 'notifications',
      visitorEvents: this.visitorEvents,
      backstopSeconds: Math.round(this.socketInterval / 1000)
    })
  }

  private poll(why: LiveWhy, generation: number) {
    this.setSource({ kind: 'polling', everySeconds: Math.round(this.pollMs / 1000), reason: liveWhyEnglish(why), why })
    this.schedule(this.pollMs, generation)
  }

  private schedule(ms: number, generation: number) {
    this.stopTimer()
    this.timer = setTimeout(() => void this.tick(generation), ms)
    this.timer.unref?.()
  }

  private async tick(generation: number) {
    if (generation !== this.generation) return
    await this.refresh()
    if (generation !== this.generation) return
    if (!this.socket && Date.now() - this.lastSocketTry >= this.retrySocketMs) {
      await this.connect(generation)
      return
    }
    this.schedule(this.socket ? this.socketInterval : this.pollMs, generation)
  }

  private setSource(source: LiveSource) {
    if (JSON.stringify(source) === JSON.stringify(this.source)) return
    this.source = source
    this.deps.emit('today.source', source)
  }

  private stopTimer() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
  }

  private stopTimers() {
    this.stopTimer()
    this.socket?.close()
    this.socket = undefined
  }
}

/** A day as a read answers it: the list, the source in use, and (a read that failed) why it is the one held. */
interface HeldDay {
  day: TodayDay
  source: LiveSource
  notReadNow?: TodayView['notReadNow']
}

function headOf({ day, source, notReadNow }: HeldDay): Omit<TodayView, 'rows'> {
  return { ...dayHead(day), source, ...(notReadNow ? { notReadNow } : {}) }
}

async function withAllRows(held: HeldDay): Promise<TodayView> {
  return { ...headOf(held), rows: await allRows(held.day) }
}
