import { AppError } from '../../../shared/errors'
import type { BadgeHistoryEntry } from '../../../shared/badges/schemas'
import { newestBadges } from '../../../shared/badges/newest-prints'
import type { DeskSettings, LiveSource, TodayGroup, TodayRow, TodayView } from '../../../shared/today/schemas'
import { todayGroups } from '../../../shared/today/groups'
import { getApi } from '../lib/api'
import { Latest } from '../lib/latest'
import { badgeDesk } from './badges.svelte'
import { visitors } from './visitors.svelte'
import { announce as sayInLiveRegion } from '../lib/action-outcome.svelte'
import { formDrafts } from '../lib/form-drafts.svelte'
import { groupWord } from '../lib/i18n/state-words.svelte'
import { matchesSearch, searchRecord, searchWords, type SearchRecord } from '../../../shared/text/search-words'
import { onConsoleSwitch } from './console-scope'
import { rereadWhenBack } from '../lib/reread-when-back'

/** Today's group headings: the visitor-state words every screen uses (shared/visitors/states.ts). */

/**
 * Rows drawn per group: a usual day fits on one page, and a day of thousands draws at most five
 * pages' worth (one per group) instead of every row.
 */
export const TODAY_PAGE = 50

function firstPages(): Record<TodayGroup, number> {
  return Object.fromEntries(todayGroups.map((g) => [g, 1])) as Record<TodayGroup, number>
}

/** The words the desk's find is matched against (name, company, host), folded once per row object. */
const findRecords = new WeakMap<TodayRow, SearchRecord>()
function findRecord(row: TodayRow): SearchRecord {
  let record = findRecords.get(row)
  if (record === undefined) {
    record = searchRecord(row.name.split(/\s+/), [row.company, row.host])
    findRecords.set(row, record)
  }
  return record
}

/**
 * Which rows are shown for what the desk typed: the one matcher of every name search
 * (shared/text/search-words.ts) — accents, case and the order of the words ignored; blank: every row.
 */
function matcher(find: string): (row: TodayRow) => boolean {
  const typed = searchWords(find)
  return typed.length > 0 ? (row) => matchesSearch(typed, findRecord(row)) : () => true
}

/**
 * The held list with the badges this desk made since it was read marked printed (the Badges screen's
 * history, read after each output, is the same print history main marks rows from): a desk back from
 * printing a badge never sees "Not printed" for it while the list is read again.
 */
function withPrinted(view: TodayView, history: readonly BadgeHistoryEntry[]): TodayView {
  const printed = newestBadges(history)
  // Newer than what the row says: not printed yet, or printed before its QR code was revoked.
  const newer = (r: TodayRow) => {
    const at = printed.get(r.id)?.at
    return at !== undefined && (!r.badgePrinted || (r.badgeQrRevokedAt !== null && at > r.badgeQrRevokedAt))
  }
  if (!view.rows.some(newer)) return view
  return {
    ...view,
    rows: view.rows.map((r) =>
      newer(r)
        ? { ...r, badgePrinted: true, badgeQrRevokedAt: null, badgeOutput: printed.get(r.id)?.output ?? null }
        : r
    )
  }
}

/** The reception's Today: the list main keeps up to date, its live source, the walk-in doors. */
export class TodayStore {
  view = $state.raw<TodayView | null>(null)
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
  /** The page shown of each group (1-based); kept when the list is re-read, clamped to its pages. */
  pages = $state<Record<TodayGroup, number>>(firstPages())

  /**
   * Each group with the rows that match the find and the page of them drawn. A large site has
   * thousands of visitors a day: drawn all at once they took seconds and left a page of rows no one
   * reads; a page of each group is what a desk looks at.
   */
  groups = $derived.by(() => {
    const rows = this.view?.rows ?? []
    const found = rows.filter(matcher(this.find))
    return todayGroups.map((group) => {
      const inGroup = found.filter((r) => r.group === group)
      const pages = Math.max(1, Math.ceil(inGroup.length / TODAY_PAGE))
      const page = Math.min(this.pages[group], pages)
      const start = (page - 1) * TODAY_PAGE
      return { group, rows: inGroup, page, shown: inGroup.slice(start, start + TODAY_PAGE) }
    })
  })

  /** Find visitors: every group back to its first page. */
  search(text: string): void {
    this.find = text
    this.pages = firstPages()
  }

  turn(group: TodayGroup, page: number): void {
    this.pages = { ...this.pages, [group]: page }
  }

  /** The page of its group that holds this visitor, the find cleared if it hides them (a walk-in just added). */
  reveal(id: string): void {
    const row = this.view?.rows.find((r) => r.id === id)
    if (!row) return
    if (!matcher(this.find)(row)) this.search('')
    const inGroup = this.groups.find((g) => g.group === row.group)!.rows
    this.turn(row.group, Math.floor(inGroup.indexOf(row) / TODAY_PAGE) + 1)
  }

  /**
   * Read the list, then keep it live; returns the function that stops listening. The list read the
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
    this.search('')
    if (this.view) this.view = withPrinted(this.view, badgeDesk.history)
    const offChanged = api.on('today.changed', (view) => {
      // A list read anew: whatever read failed before is answered.
      this.error = null
      this.show(view)
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
    void this.load(false)
    void this.loadDesk()
    void this.checkCapabilities()
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
   * `announce`: say a visitor who changed group (not for the list read as the screen opens). A read
   * that fails keeps the list held (the screen says as of when) beside the error.
   */
  async load(announce = true): Promise<void> {
    const ticket = this.reads.next()
    try {
      const view = await getApi().today.list(this.watcher ? { watcher: this.watcher } : undefined)
      if (!this.reads.isCurrent(ticket)) return
      this.show(view, announce)
      // Main says how it keeps the list up to date with the list (the source it had at the read).
      if (this.watcher && view.source.kind !== 'off') this.source = view.source
      // The console did not answer: main answered the list it holds (a tab opened during an outage),
      // shown as of when it was read, beside why it is not newer.
      const notRead = view.notReadNow
      this.error = notRead ? new AppError({ kind: 'network', code: 'TODAY_NOT_READ', message: notRead.message }) : null
    } catch (err) {
      if (this.reads.isCurrent(ticket)) this.error = AppError.from(err)
    }
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
    this.search('')
    // A walk-in typed for console A is not offered on console B.
    formDrafts.drop('today.walk-in')
  }

  private show(view: TodayView, announce = true) {
    const before: Record<string, TodayGroup> = Object.fromEntries((this.view?.rows ?? []).map((r) => [r.id, r.group]))
    const moved = view.rows.find((r) => before[r.id] !== undefined && before[r.id] !== r.group)
    if (announce && moved && this.view) {
      this.lastChange = moved.id
      // Said in the app's one live region (a check-in at a door or the kiosk, a cancel at another desk),
      // in the words of the group it moved to: a kiosk check-in stays ACTIVE on the console, and its
      // state's word ("Expected") would contradict the heading it moved under (shared/today/groups.ts).
      sayInLiveRegion(`${moved.name}: ${groupWord(moved.group)}`)
    }
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

  /** Opens the visitor on the Visitors screen. */
  async openVisitor(id: string): Promise<void> {
    visitors.editing = null
    await visitors.open(id)
  }

  /** The badge screen with this visitor's badge (a reprint when one was printed). */
  badgeFor(row: TodayRow): void {
    badgeDesk.makeBadgeFor(row.id)
  }

  /** A walk-in was created: it shows at once, without waiting for the next read. */
  async walkInSaved(): Promise<void> {
    await this.load()
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
