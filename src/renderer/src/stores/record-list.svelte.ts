import { AppError } from '../../../shared/errors'
import { dropsHeldRows } from '../lib/refused-list'
import { afterPaint } from '../lib/after-paint'
import { Latest } from '../lib/latest'
import { rereadWhenBack } from '../lib/reread-when-back'
import { onMainRestart } from '../lib/main-restarts'
import { revealResult } from '../lib/action-outcome.svelte'
import { tick } from 'svelte'

/** Each list's name in the restart registry (lib/main-restarts.ts). */
let lists = 0

/**
 * A console list read a page (or a search) at a time, with one record open beside it. Only the
 * newest load and the newest open may change what is shown; a console switch (reset) drops both.
 */
export abstract class RecordList<T> {
  items = $state.raw<T[]>([])
  total = $state(0)
  page = $state(1)
  pageSize = $state(25)
  loading = $state(false)
  loaded = $state(false)
  error = $state<AppError | null>(null)
  /**
   * When the page shown was read (epoch ms): after a read that failed, the page held is said as of
   * then (lib/shown-as-of), never as if the console had just answered.
   */
  readAt = $state<number | null>(null)
  selected = $state.raw<T | null>(null)
  /**
   * A permission key the token lacks for changes, once known from the probe or a 403 naming it;
   * the changes are off while set.
   */
  editBlocked = $state<string | null>(null)
  /**
   * A record opened from another screen (Find across consoles): its id until the screen has shown it,
   * in view with the focus on it (`revealWhenShown`). Opened from the list beside it, the screen
   * reveals it itself.
   */
  revealOnShow = $state<string | null>(null)

  /**
   * The record shown beside the list that main answered is no longer on the console (its id): its row
   * is dropped from the list and its details say it is gone, offering nothing to do with it.
   */
  gone = $state<string | null>(null)

  private readonly listRequests = new Latest()
  private readonly openRequests = new Latest()

  constructor() {
    // A page that failed is read again when the console is Connected again (lib/reread-when-back.ts).
    rereadWhenBack(
      () => this.error !== null,
      () => this.load()
    )
    // Main restarted (web mode): what the screen shows may have changed meanwhile (lib/main-restarts.ts).
    onMainRestart(`record-list ${++lists}`, () => this.reestablish())
  }

  /** Reads what `load(page)` shows; the returned step puts it on screen (skipped when a newer load started). */
  protected abstract fetchPage(page: number): Promise<() => void>
  protected abstract fetchOne(id: string): Promise<T>
  /** Asks what the token may change here and sets `editBlocked` (and the like); never throws. */
  abstract checkCapabilities(): Promise<void>

  /** The start in flight: begun by the router when the screen is asked for, joined by the screen as it mounts. */
  private starting: { shown: Promise<void>; done: Promise<void> } | null = null

  /**
   * The screen's first page, then, once it is painted, what the token may change. Not together:
   * together, the second request opened a second TLS connection and main checked its answer while
   * the page waited (the open took ~35-55 ms for a page the console answers in ~2 ms); asked before
   * the page is painted, main and the console worked on it while the screen was built (a first
   * Touch Passes page was in the page 4-10 ms after its answer instead of 3-8).
   *
   * One start at a time: the router begins it as the screen is asked for and the screen joins it as
   * it mounts, so the page is read once.
   */
  start(): Promise<void> {
    return this.begin().done
  }

  /**
   * What the router waits for before it shows the screen (Router.go): the first page on screen, or
   * its failure. At once when a page is already held: it is shown while it is read again.
   */
  firstPage(): Promise<void> {
    const held = this.loaded
    const { shown } = this.begin()
    return held ? Promise.resolve() : shown
  }

  private begin(): { shown: Promise<void>; done: Promise<void> } {
    if (this.starting) return this.starting
    // `load` keeps its failure on screen (`error`) and does not throw: capabilities are asked either way.
    const shown = this.load(1)
    const starting = {
      shown,
      done: shown
        .then(afterPaint)
        // Not after a console switch (reset): the answer would be the previous console's.
        .then((): Promise<void> | undefined => (this.starting === starting ? this.checkCapabilities() : undefined))
        .finally(() => {
          if (this.starting === starting) this.starting = null
        })
    }
    this.starting = starting
    return starting
  }

  async load(page = this.page): Promise<void> {
    const ticket = this.listRequests.next()
    this.loading = true
    this.error = null
    try {
      const show = await this.fetchPage(page)
      if (!this.listRequests.isCurrent(ticket)) return
      show()
      this.loaded = true
      this.readAt = Date.now()
    } catch (err) {
      if (this.listRequests.isCurrent(ticket)) {
        this.error = AppError.from(err)
        if (dropsHeldRows(this.error)) {
          this.items = []
          this.total = 0
        }
      }
    } finally {
      if (this.listRequests.isCurrent(ticket)) this.loading = false
    }
  }

  /**
   * The record being opened (its id) until its answer is in: `selected` is still the one shown before,
   * so a screen shows that this one is being read rather than the previous record's actions as if
   * they were its.
   */
  opening = $state<string | null>(null)

  /**
   * Another record clicked while the one shown is still on screen: until the console answers, the panel
   * beside the list is that record's (its row as listed, "being read", no action: OpeningRecord) — never
   * the previous record's panel offering its actions as if they were the new one's (a name typed there
   * renamed the pass left, not the one clicked).
   */
  get pendingOpen(): { id: string; listed: T | null } | null {
    const id = this.opening
    if (!id || (this.selected && this.idOf(this.selected) === id)) return null
    return { id, listed: this.items.find((item) => this.idOf(item) === id) ?? null }
  }

  async open(id: string): Promise<void> {
    const ticket = this.openRequests.next()
    this.opening = id
    try {
      const record = await this.fetchOne(id)
      if (this.openRequests.isCurrent(ticket)) {
        this.selected = record
        if (this.gone === id) this.gone = null
      }
    } catch (err) {
      if (this.openRequests.isCurrent(ticket)) this.noteGone(id, err)
      throw err
    } finally {
      if (this.openRequests.isCurrent(ticket)) this.opening = null
    }
  }

  /**
   * The one path of a record main answered gone (a read or a write refused as not found: deleted on the
   * console or at another desk): its row leaves the list and its details say so, instead of the list
   * still saying what it was until it is read again. True when `err` said that.
   */
  noteGone(id: string, err: unknown): boolean {
    if (AppError.from(err).kind !== 'not-found') return false
    this.dropRow(id)
    this.gone = id
    return true
  }

  /** The record's row leaves the page shown (deleted here or found gone), the count with it. */
  protected dropRow(id: string): void {
    if (!this.items.some((item) => this.idOf(item) === id)) return
    this.items = this.items.filter((item) => this.idOf(item) !== id)
    this.total = Math.max(0, this.total - 1)
  }

  /** A record's id, as the list and `open` know it. */
  protected idOf(item: T): string {
    return (item as { id: string }).id
  }

  /**
   * Main came back after a restart (lib/main-restarts.ts): every record the screen shows is read again,
   * the page held and the record open beside it, so nothing changed meanwhile (by another desk, while
   * main was away) stays on screen as if current until the person opens it again. A record main answers
   * gone leaves the list (`noteGone`). Nothing read yet: nothing to read again.
   */
  async reestablish(): Promise<void> {
    const open = this.selected
    await Promise.allSettled([
      this.loaded ? this.load() : undefined,
      open && this.opening === null ? this.readOpenAgain(this.idOf(open)) : undefined
    ])
  }

  /** The record open beside the list, read again (`reestablish`); a screen may keep what a form holds. */
  protected readOpenAgain(id: string): Promise<void> {
    return this.open(id)
  }

  /** Open a record for a screen about to be shown: it comes into view there, with the focus on it. */
  async openToShow(id: string): Promise<void> {
    this.revealOnShow = id
    // Opened from another screen (Today, Badges, Find across consoles) under a list filtered so that it
    // hides the record: the filter goes, so the list and the details beside it agree (a walk found Lena
    // Vogel's details under a list still searched for "mei tanaka").
    if (!this.items.some((item) => this.idOf(item) === id) && this.clearFilters()) await this.load(1)
    await this.open(id)
  }

  /** Clear the list's own filters (a search, a status); whether there were any. A store with filters overrides it. */
  protected clearFilters(): boolean {
    return false
  }

  /** Another console: nothing of the previous one may stay on screen or be acted on. */
  reset(): void {
    this.revealOnShow = null
    this.starting = null
    this.listRequests.cancelAll()
    this.openRequests.cancelAll()
    this.items = []
    this.total = 0
    this.page = 1
    this.loaded = false
    this.loading = false
    this.error = null
    this.readAt = null
    this.selected = null
    this.opening = null
    this.gone = null
    this.editBlocked = null
  }

  /** What the list shows from now on. */
  protected show(items: T[], total: number, page: number): void {
    this.items = items
    this.total = total
    this.page = page
  }
}

/**
 * A screen's part of `openToShow`: once the record opened from elsewhere is shown (`selector` finds its
 * details, which may sit under a long list), it is scrolled into view with the focus on its heading, once
 * (lib/action-outcome `revealResult`). Called in a screen's script (it registers an effect).
 */
export function revealWhenShown<T extends { id: string }>(list: RecordList<T>, selector: string): void {
  $effect(() => {
    const id = list.revealOnShow
    if (id === null || list.selected?.id !== id) return
    void tick().then(() => {
      const record = document.querySelector<HTMLElement>(selector)
      if (!record) return
      list.revealOnShow = null
      revealResult(record)
    })
  })
}
