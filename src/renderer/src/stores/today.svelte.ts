import { AppError } from '../../../shared/errors'
import type { BadgeHistoryEntry } from '../../../shared/badges/schemas'
import { newestBadges } from '../../../shared/badges/newest-prints'
import type {
  DeskSettings,
  LiveSource,
  TodayChange,
  TodayGroup,
  TodayRow,
  TodayWindowView
} from '../../../shared/today/schemas'
import { todayGroups } from '../../../shared/today/groups'
import { getApi } from '../lib/api'
import type { Seen } from '../../../shared/seen/seen'
import { Latest } from '../lib/latest'
import { badgeDesk } from './badges.svelte'
import { visitors } from './visitors.svelte'
import { announce as sayInLiveRegion } from '../lib/action-outcome.svelte'
import { groupWord } from '../lib/i18n/state-words.svelte'
import { onConsoleSwitch } from './console-scope'
import { rereadWhenBack } from '../lib/reread-when-back'
import { afterPaint } from '../lib/after-paint'
import { inDeskZone } from '../lib/desk-zone'

/** Rows drawn per group (shared/today/window.ts, where main cuts the window). */
export { TODAY_PAGE } from '../../../shared/today/window'

function firstPages(): Record<TodayGroup, number> {
  return Object.fromEntries(todayGroups.map((g) => [g, 1])) as Record<TodayGroup, number>
}

/**
 * The window with the badges this desk made since it was read marked printed (the Badges screen's
 * history, read after each output, is the same print history main marks rows from): a desk back from
 * printing a badge never sees "Not printed" for it while the list is read again.
 */
function withPrinted(view: TodayWindowView, history: readonly BadgeHistoryEntry[]): TodayWindowView {
  const printed = newestBadges(history)
  // Newer than what the row says: not printed yet, or printed before its QR code was revoked.
  const newer = (r: TodayRow) => {
    const at = printed.get(r.id)?.at
    return at !== undefined && (!r.badgePrinted || (r.badgeQrRevokedAt !== null && at > r.badgeQrRevokedAt))
  }
  if (!view.groups.some((g) => g.rows.some(newer))) return view
  return {
    ...view,
    groups: view.groups.map((g) => ({
      ...g,
      rows: g.rows.map((r) =>
        newer(r)
          ? { ...r, badgePrinted: true, badgeQrRevokedAt: null, badgeOutput: printed.get(r.id)?.output ?? null }
          : r
      )
    }))
  }
}

/**
 * The reception's Today: the window of the list it shows, its live source, the walk-in doors. The
 * day's list stays in main (a large site has 2,500 visitors a day): the screen asks `today.view` for
 * the rows it draws — a page of each group that the find keeps — and the counts, and main pushes only
 * the rows a re-read changed (`today.changed`), after which the window is asked again.
 */
export class TodayStore {
  /** The window shown (the day, the counts, a page of each group); null: never read. */
  view = $state.raw<TodayWindowView | null>(null)
  source = $state.raw<LiveSource>({ kind: 'off' })
  error = $state<AppError | null>(null)
  desk = $state.raw<DeskSettings>({ walkInDoors: [] })
  /** The permission keys of Today's actions the token lacks (their buttons are off, a note names them). */
  missing = $state.raw<string[]>([])
  /**
   * When the list was last read (epoch ms): every read that worked, whether or not it changed
   * anything (main says each one, `today.reads`). Null: never read.
   */
  readAt = $state<number | null>(null)
  /** The re-reads of the list fail: since when, the last failure and why (null: they work). */
  readFailure = $state.raw<{ since: number; lastAt: number; message: string } | null>(null)
  /** The id of a visitor whose row changed group since the screen opened (marked; said once, `announce`). */
  lastChange = $state<string | null>(null)
  private readonly reads = new Latest()
  /** A read of the console in flight: a window asked meanwhile is asked of what it reads. */
  private loading: Promise<void> | null = null
  /** The screen is open (between `start` and its stop): a return of the connection reads it again. */
  shown = false
  /**
   * The open screen's name among Today's watchers (null: not open): each read of the list names it, so
   * the read that opens the screen also starts its live updates (one read of the console, not a list
   * and then a watch's own read), and a read after web mode's service restarted watches again.
   */
  private watcher: string | null = null

  /** What the desk typed to find a visitor: name, company or host, any case. */
  find = $state('')
  /** The page asked of each group (1-based); main clamps it to the group's pages. */
  pages = $state<Record<TodayGroup, number>>(firstPages())

  /** Each group with its count (the rows the find keeps) and the page of them drawn, as main answered. */
  groups = $derived.by(() =>
    (this.view?.groups ?? []).map((g) => ({ group: g.group, count: g.count, page: g.page, shown: g.rows }))
  )

  /** A row drawn now (a walk-in just added and revealed), by id. */
  row(id: string): TodayRow | undefined {
    for (const g of this.view?.groups ?? []) {
      const found = g.rows.find((r) => r.id === id)
      if (found) return found
    }
    return undefined
  }

  /** Find visitors: every group back to its first page. */
  search(text: string): Promise<void> {
    this.find = text
    this.pages = firstPages()
    return this.askWindow()
  }

  turn(group: TodayGroup, page: number): Promise<void> {
    this.pages = { ...this.pages, [group]: page }
    return this.askWindow()
  }

  /** The page of its group that holds this visitor, the find cleared if it hides them (a walk-in just added). */
  reveal(id: string): Promise<void> {
    return this.askWindow(id)
  }

  /**
   * Read the list, then keep it live; returns the function that stops listening. The window read the
   * last time the screen was open stays on screen (with its "read at" time) until this read answers:
   * a desk going between Today and Badges all day does not wait for 5,000 visitors each time.
   */
  start(): () => void {
    const api = getApi()
    // This screen's own name among Today's watchers: leaving it stops no other tab's updates.
    const watcher = crypto.randomUUID()
    this.watcher = watcher
    this.error = null
    this.lastChange = null
    this.find = ''
    this.pages = firstPages()
    if (this.view) this.view = withPrinted(this.view, badgeDesk.history)
    const offChanged = api.on('today.changed', (change) => {
      // A list read anew: whatever read failed before is answered.
      this.error = null
      this.changed(change)
    })
    const offSource = api.on('today.source', (source) => (this.source = source))
    this.shown = true
    const offReads = api.on('today.reads', (r) => {
      if (r.readAt !== undefined && r.readAt > (this.readAt ?? 0)) this.readAt = r.readAt
      // A read that worked answers the screen's failed read too: its error does not outlive the outage.
      if (r.failingSince === null && r.readAt !== undefined) this.error = null
      this.readFailure =
        r.failingSince === null
          ? null
          : { since: r.failingSince, lastAt: r.lastFailedAt ?? r.failingSince, message: r.message ?? '' }
    })
    // The token's keys are probed once the list is drawn, not beside its read: the probes are calls to the
    // console too, and on a large site they waited with the visitors' pages and the rows' drawing.
    void this.load(false)
      .then(afterPaint)
      .then(() => (this.watcher === watcher ? this.checkCapabilities() : undefined))
    void this.loadDesk()
    return () => {
      this.shown = false
      this.watcher = null
      offChanged()
      offSource()
      offReads()
      this.reads.cancelAll()
      void api.today.unwatch({ watcher }).catch(() => undefined)
    }
  }

  /**
   * Read the console and show the window. `announce`: say a visitor who changed group (not for the
   * list read as the screen opens). A read that fails keeps the window held (the screen says as of
   * when) beside the error. `reveal`: the page holding this visitor (a walk-in just added).
   */
  load(announce = true, reveal?: string): Promise<void> {
    const loading = this.read(announce, reveal)
    this.loading = loading
    void loading.finally(() => {
      if (this.loading === loading) this.loading = null
    })
    return loading
  }

  private async read(announce: boolean, reveal: string | undefined): Promise<void> {
    const ticket = this.reads.next()
    try {
      const view = await getApi().today.view({ ...this.ask(reveal), read: true })
      if (!this.reads.isCurrent(ticket)) return
      this.show(view, announce)
      // Main says how it keeps the list up to date with the list (the source it had at the read).
      if (this.watcher && view.source.kind !== 'off') this.source = view.source
      // The console did not answer: main answered the list it holds (a tab opened during an outage),
      // shown as of when it was read, beside why it is not newer.
      const notRead = view.notReadNow
      this.error = notRead ? new AppError({ kind: 'network', code: 'TODAY_NOT_READ', message: notRead.message }) : null
      // Any read of the list that worked ends "not current", the screen's own as much as main's next
      // re-read: a fresh "read at" never stands beside "reads fail since …".
      if (!notRead) this.readFailure = null
    } catch (err) {
      if (this.reads.isCurrent(ticket)) this.error = AppError.from(err)
    }
  }

  /** The window asked of the list main holds (a find, a page, a change pushed): no read of the console. */
  private async askWindow(reveal?: string): Promise<void> {
    // A read in flight answers first (a find typed as the screen opens is asked of what it reads).
    if (this.loading) await this.loading
    const ticket = this.reads.next()
    try {
      const view = await getApi().today.view(this.ask(reveal))
      if (this.reads.isCurrent(ticket)) this.show(view, false)
    } catch (err) {
      if (this.reads.isCurrent(ticket)) this.error = AppError.from(err)
    }
  }

  private ask(reveal?: string) {
    // The desk's day is the browser's (web mode's service may run in another zone): inDeskZone.
    return inDeskZone({
      ...(this.watcher ? { watcher: this.watcher } : {}),
      find: this.find,
      pages: this.pages,
      ...(reveal ? { reveal } : {})
    })
  }

  /**
   * Main re-read the list and something changed: say a visitor who moved group, then ask the window
   * again (the rows that changed may be on it, or move the counts).
   */
  private changed(change: TodayChange) {
    const moved = change.changed.find((r) => change.moved.includes(r.id))
    if (moved && this.view) this.said(moved)
    if (change.readAt > (this.readAt ?? 0)) this.readAt = change.readAt
    void this.askWindow()
  }

  /**
   * Said in the app's one live region (a check-in at a door or the kiosk, a cancel at another desk),
   * in the words of the group it moved to: a kiosk check-in stays ACTIVE on the console, and its
   * state's word ("Expected") would contradict the heading it moved under (shared/today/groups.ts).
   */
  private said(moved: TodayRow) {
    this.lastChange = moved.id
    sayInLiveRegion(`${moved.name}: ${groupWord(moved.group)}`)
  }

  /** Another console: its visitors must not stay on screen. */
  reset(): void {
    this.reads.cancelAll()
    this.view = null
    this.readAt = null
    this.error = null
    this.lastChange = null
    this.source = { kind: 'off' }
    this.desk = { walkInDoors: [] }
    this.missing = []
    this.readFailure = null
    this.find = ''
    this.pages = firstPages()
    // A walk-in typed for console A stays with A (lib/form-drafts keeps it per console): not offered on B.
  }

  private show(view: TodayWindowView, announce: boolean) {
    if (announce && this.view) {
      // A read the screen asked for (a walk-in added): a row on both windows that changed group.
      const before: Record<string, TodayGroup> = Object.fromEntries(
        this.view.groups.flatMap((g) => g.rows.map((r) => [r.id, r.group]))
      )
      const moved = view.groups
        .flatMap((g) => g.rows)
        .find((r) => before[r.id] !== undefined && before[r.id] !== r.group)
      if (moved) this.said(moved)
    }
    // The find and pages as main applied them (a reveal clears a find that hid the visitor).
    if (view.find !== this.find) this.find = view.find
    const pages = Object.fromEntries(view.groups.map((g) => [g.group, g.page])) as Record<TodayGroup, number>
    if (todayGroups.some((g) => pages[g] !== this.pages[g])) this.pages = pages
    this.view = view
    if (view.readAt > (this.readAt ?? 0)) this.readAt = view.readAt
  }

  async checkCapabilities(): Promise<void> {
    try {
      this.missing = (await getApi().today.capabilities()).missing
    } catch {
      // Unknown: a refused walk-in or badge says why.
    }
  }

  async loadDesk(): Promise<void> {
    try {
      this.desk = await getApi().today.settings()
    } catch {
      // Without the desk's settings a walk-in simply starts with no door ticked.
    }
  }

  async saveDesk(settings: DeskSettings): Promise<void> {
    this.desk = await getApi().today.saveSettings(settings)
  }

  /**
   * Ends a visit of the list now (its end time set to now: visitors.endVisit), then reads the list again
   * with its row revealed, so the row stands in the group it moved to before the focus goes to it. The
   * move is said by the action's own sentence, not again by the read (`announce` off).
   */
  async endVisit(id: string, seen: Seen): Promise<{ readBack?: true | undefined }> {
    const { readBack } = await getApi().visitors.endVisit({ id, seen })
    await this.load(false, id)
    return readBack ? { readBack } : {}
  }

  /** Opens the visitor on the Visitors screen: in view there, with the focus on them (RecordList.openToShow). */
  async openVisitor(id: string): Promise<void> {
    visitors.editing = null
    await visitors.openToShow(id)
  }

  /**
   * The badge screen with this visitor's badge, by id (a reprint when one was printed): a row of the list
   * or a visitor not in it (a walk-in booked for another day) alike.
   */
  badgeForId(id: string): void {
    badgeDesk.makeBadgeFor(id)
  }

  /**
   * A walk-in was created: it shows at once, without waiting for the next read, on the page of its
   * group that holds it (on a large day a walk-in starting now sorts onto a later page of Expected).
   */
  async walkInSaved(id?: string): Promise<void> {
    await this.load(true, id)
  }
}

export const today = new TodayStore()
onConsoleSwitch('today', () => today.reset())
// A list that failed is read again when the console is Connected again (lib/reread-when-back.ts); so is
// the list on screen, failed or not: its "List read at" says how fresh it is, and after web mode's service
// restarted it stayed as old as the read before the restart until the next push (~10 s later).
rereadWhenBack(
  () => today.error !== null || today.shown,
  () => today.load(false)
)
