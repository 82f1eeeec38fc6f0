import type { NfcCard, NfcCardStatus } from '../../../shared/access/nfc-cards'
import { CHANGED_SINCE_SHOWN, type Seen } from '../../../shared/seen/seen'
import { dropsHeldRows } from '../lib/refused-list'
import { MAX_VIEW_ROWS, type CardView, type CardViewQuery, type SortKey } from '../../../shared/nfc/card-view'
import { AppError } from '../../../shared/errors'
import type { OwnerRef } from '../../../shared/owners'
import type { EditOutcome } from '../../../shared/edits/edit'
import type { CardAliasEdit, CardAliasFields } from '../../../shared/edits/card-alias'
import { getApi } from '../lib/api'
import { Latest } from '../lib/latest'
import { throttled } from '../lib/throttle'
import { afterPaint } from '../lib/after-paint'
import { OutcomeLines } from '../lib/action-outcome.svelte'
import type { CardWriter } from '../../../shared/cards/card-writers'
import { onConsoleSwitch } from './console-scope'
import { heldNow } from '../lib/console-off'
import { rereadWhenBack } from '../lib/reread-when-back'
import { onMainRestart } from '../lib/main-restarts'
import { RecordDrafts } from '../lib/record-drafts.svelte'

export { ownerName, type SortKey } from '../../../shared/nfc/card-view'
import { cardsWords } from '../lib/i18n/cards-messages.svelte'
import type { Said } from '../lib/said'

/** Aliases typed and not saved on cards the person left (lib/record-drafts). */
export const aliasDrafts = new RecordDrafts<NfcCard>('card alias')

/** The "N of 20,000" read so far is redrawn at most this often while the cards arrive (a page each ~15 ms). */
const PROGRESS_EVERY_MS = 200

/**
 * While the first read goes on, the rows are asked for again at once for the first part (a
 * screenful), then at most this often: a console that sends 20,000 cards in under a second is
 * drawn twice (first part, whole list); a slow one shows more rows every second.
 */
const PARTIAL_EVERY_MS = 1000

/** Rows asked for beyond the view each way: a wheel step or a Page Down finds them already here. */
const MARGIN = 60

const EMPTY: CardView = {
  filter: '',
  total: 0,
  complete: false,
  matched: 0,
  counts: {},
  offset: 0,
  rows: [],
  selected: null,
  selectedIndex: -1
}

/** One holder whose cards alone are shown, as the screen names them (their name and what tells them apart). */
export interface CardOwner {
  id: string
  name: string
  /** Email, employee number: two people of one name are told apart by it. */
  detail: string
}

interface Query {
  filter: string
  /** Only this holder's cards (Consoles → Find → Open on a person): by id, never by name. */
  owner: CardOwner | null
  status: NfcCardStatus | 'all'
  sortKey: SortKey
  descending: boolean
}
const FIRST_QUERY: Query = { filter: '', owner: null, status: 'all', sortKey: 'display_id', descending: false }

let streams = 0

/** What main's probe found the token may do with cards (cards.capabilities). */
interface CardCapabilities {
  canEdit: boolean
  missingPermission?: string
  canAssign?: boolean
  assignMissingPermission?: string
}

/** A stream id no other tab of web mode uses at the same time (events reach every tab). */
function streamId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2)
  return `cards-${++streams}-${random}`.slice(0, 64)
}

/**
 * The card inventory as the Cards screen shows it. Main holds the cards (read once per session,
 * kept in step with the edits made here) and answers what the screen asks: the cards a filter, a
 * status and an order keep, a window of them at a time (`cards.view`). The screen holds that window,
 * the counts, and the selected card; never the whole list.
 */
export class CardsStore {
  /** Main's last answer: the window of rows around the view, the counts, the selected card's place. */
  view = $state.raw<CardView>(EMPTY)
  loading = $state(false)
  loaded = $state(false)
  /** When main last read the whole list from the console (ms): what a list held after a failed refresh is as of. */
  readAt = $state<number | null>(null)
  /**
   * The list shown is the one main held from before this tab asked (a reload, a second tab of web
   * mode): main read it for someone else, another desk may have written since. It is shown at once,
   * said as of when it was read, and read again behind it; false once a read made for this tab lands.
   */
  heldFromBefore = $state(false)
  progress = $state.raw<{ loaded: number; total: number } | null>(null)
  error = $state<AppError | null>(null)
  private query = $state<Query>({ ...FIRST_QUERY })
  canEdit = $state(true)
  missingPermission = $state<string | undefined>(undefined)
  /** Giving a card to a person and taking it back (actionKeys.cards.assign: edit:user). */
  canAssign = $state(true)
  assignMissingPermission = $state<string | undefined>(undefined)
  selectedToken = $state<string | null>(null)
  /** The selected card as main last said it is (an edit's answer, or the view's). */
  selected = $state.raw<NfcCard | null>(null)
  /** Its position in the filtered, sorted list (-1: filtered out): where arrow keys go on from. */
  selectedIndex = $state(-1)
  /** A write to the console's cards made elsewhere in the app since the last fetch (main says cards.stale). */
  staleSince = $state.raw<{ what: CardWriter; at: number } | null>(null)
  /** The message shown once a card is deleted ("Card 0042 deleted."). */
  /** Worded when shown (lib/said): it follows a language switch. */
  notice = $state.raw<Said | null>(null)
  /** A write found its card gone from the console (deleted here or by another desk): said above the list. */
  gone = $state<AppError | null>(null)
  /**
   * The screen's outcome lines (the app's one rule: an action that starts clears them): the notice and
   * "gone" above the list are here; the card details add theirs.
   */
  readonly lines = new OutcomeLines()
  private listeningTo: unknown = null
  private readonly loads = new Latest()
  private readonly views = new Latest()
  /** Rows the table shows, and the window the answer on its way holds. */
  private range = { start: 0, end: 0 }
  private asking: { from: number; to: number } | undefined
  /** A row the keyboard moved to before it was here: selected when the answer brings it. */
  private pendingIndex: number | undefined
  /**
   * Main reading its cards again after it restarted (web mode): until it holds them, a question for
   * rows waits for it; asked before, main answers "0 of 0 cards" over the list it no longer has.
   */
  private restoring: Promise<void> | undefined

  constructor() {
    this.lines.section('list', () => {
      this.notice = null
      this.gone = null
    })
  }

  get filter(): string {
    return this.query.filter
  }
  set filter(filter: string) {
    this.query.filter = filter
    void this.ask()
  }
  /** The one holder whose cards are shown (null: every card). */
  get owner(): CardOwner | null {
    return this.query.owner
  }
  set owner(owner: CardOwner | null) {
    this.query.owner = owner
    void this.ask()
  }
  get status(): NfcCardStatus | 'all' {
    return this.query.status
  }
  set status(status: NfcCardStatus | 'all') {
    this.query.status = status
    void this.ask()
  }
  get sortKey(): SortKey {
    return this.query.sortKey
  }
  get sortDescending(): boolean {
    return this.query.descending
  }
  get countsByStatus(): Record<string, number> {
    return this.view.counts
  }

  /** The card at `index` of the filtered, sorted list, if the window held holds it. */
  rowAt(index: number): NfcCard | undefined {
    const view = this.view
    return index >= view.offset ? view.rows[index - view.offset] : undefined
  }

  /** Hear cards.stale from the first load on, whether or not Cards is on screen. */
  private listen(): void {
    const api = getApi()
    if (this.listeningTo === api) return
    this.listeningTo = api
    api.on('cards.stale', (stale) => {
      if (this.loaded) this.staleSince = stale
    })
  }

  /**
   * Another console: its cards (and their tokens) must not stay on screen or be acted on; its
   * filter and order go with them.
   */
  reset(): void {
    this.query = { ...FIRST_QUERY }
    this.loads.cancelAll()
    this.views.cancelAll()
    this.asking = undefined
    this.pendingIndex = undefined
    this.loading = false
    this.view = EMPTY
    this.loaded = false
    this.readAt = null
    this.heldFromBefore = false
    this.progress = null
    this.error = null
    this.deselect()
    this.staleSince = null
    this.begin()
    this.canEdit = true
    this.missingPermission = undefined
    this.canAssign = true
    this.assignMissingPermission = undefined
  }

  /**
   * Main restarted (lib/main-restarts.ts): it holds no cards any more, so the list read before is read
   * again into main. The window on screen stays (a background read) and every question for rows (a
   * card opened from "Not saved yet", a scroll, a filter) waits until main holds the cards again.
   */
  async reestablish(): Promise<void> {
    if (!this.loaded && !this.loading) return
    const again = this.load()
    const restoring = again.finally(() => {
      if (this.restoring === restoring) this.restoring = undefined
    })
    this.restoring = restoring
    await restoring
  }

  /**
   * When the list shown was read, while it is not one read for now (null: it is, or none is held):
   * a read that failed, a list main held from before this tab (read again behind it), or the console
   * unusable now (lib/console-off `heldNow`). The count line says it as every held list does.
   */
  get heldAsOf(): number | null {
    if (!this.loaded || this.readAt === null) return null
    return heldNow(this.error !== null || this.heldFromBefore) ? this.readAt : null
  }

  /** The first cards are on screen while the rest of the first load arrives. */
  get streaming(): boolean {
    return this.loading && !this.loaded && this.view.total > 0
  }

  /**
   * Cards on screen: the first time they stream in; after that the window held is shown at once and
   * the cards are read again in the background (the list stays usable and changes when the new one
   * is complete).
   */
  show(): void {
    if (!this.loaded && !this.loading) void this.load()
    else if (this.loaded && !this.loading) void this.load(true)
  }

  /** The table shows rows `start` to `end` (exclusive): asked for when the window held lacks them. */
  showRange(start: number, end: number): void {
    this.range = { start, end }
    if (this.holdsRange(this.view)) return
    const to = Math.min(end, this.view.matched)
    if (this.asking && start >= this.asking.from && to <= this.asking.to) return
    void this.ask()
  }

  /** The question for main as the screen now stands: its filter, status, order and rows in view. */
  private question(): CardViewQuery {
    const { start, end } = this.range
    const offset = Math.max(0, start - MARGIN)
    const limit = Math.min(MAX_VIEW_ROWS, end - start + 2 * MARGIN)
    const { filter, owner, status, sortKey, descending } = this.query
    return {
      filter,
      ...(owner ? { owner: owner.id } : {}),
      status,
      sortKey,
      descending,
      offset,
      limit,
      ...(this.selectedToken === null ? {} : { selected: this.selectedToken })
    }
  }

  /** Ask main for the view as the screen now wants it; only the newest answer is shown. */
  async ask(): Promise<void> {
    // After a restart of main, asked once main holds the cards again (the read's own asks go at once).
    if (this.restoring) await this.restoring.catch(() => undefined)
    await this.askNow()
  }

  private async askNow(): Promise<void> {
    const question = this.question()
    const ticket = this.asked(question)
    try {
      this.accept(await getApi().cards.view(question), question, ticket)
    } catch (err) {
      if (!this.views.isCurrent(ticket)) return
      this.asking = undefined
      this.error = AppError.from(err)
    }
  }

  /** A question on its way: its ticket (a newer one makes its answer stale), and the window it asks. */
  private asked(question: CardViewQuery): number {
    this.asking = { from: question.offset, to: question.offset + question.limit }
    return this.views.next()
  }

  /**
   * Main's answer to `question`, shown unless a newer question was asked since; an older answer to
   * the same filter, status and order is still shown when it holds the rows now in view (a scroll
   * asks at each frame: the answers to the frames before are not all thrown away). Says whether it
   * was shown.
   */
  private accept(view: CardView, question: CardViewQuery, ticket: number): boolean {
    if (!this.views.isCurrent(ticket)) {
      if (!this.sameQuery(question) || !this.holdsRange(view)) return false
      this.view = view
      return true
    }
    this.asking = undefined
    this.view = view
    // (A card selected since this was asked is left as the click set it.)
    const asked = question.selected ?? null
    if (asked !== null && asked === this.selectedToken && view.selected) {
      this.selected = view.selected
      this.selectedIndex = view.selectedIndex
    } else if (asked !== null && asked === this.selectedToken && view.complete) {
      // Not among the cards held any more (deleted, here or elsewhere): its details go.
      this.deselect()
    }
    const pending = this.pendingIndex
    if (pending !== undefined && this.rowAt(pending)) {
      this.pendingIndex = undefined
      this.selectAt(pending)
    }
    return true
  }

  private sameQuery(question: CardViewQuery): boolean {
    const { filter, owner, status, sortKey, descending } = this.query
    return (
      question.filter === filter &&
      question.owner === owner?.id &&
      question.status === status &&
      question.sortKey === sortKey &&
      question.descending === descending
    )
  }

  /** Whether `view` holds every row the table shows now (as far as the list goes). */
  private holdsRange(view: CardView): boolean {
    const { start, end } = this.range
    return start >= view.offset && Math.min(end, view.matched) <= view.offset + view.rows.length
  }

  /** Select the card at `index` of the list shown (a click, or arrow keys onto a row still on its way). */
  selectAt(index: number): void {
    const card = this.rowAt(index)
    if (!card) {
      this.pendingIndex = index
      this.showRange(index, index + 1)
      return
    }
    this.pendingIndex = undefined
    if (card.token !== this.selectedToken) this.lines.recordOpened()
    this.selectedToken = card.token
    this.selected = card
    this.selectedIndex = index
  }

  /** Open a card the screen knows by its record (an unsaved alias listed above the list): main finds its row. */
  open(card: NfcCard): void {
    this.pendingIndex = undefined
    if (card.token !== this.selectedToken) this.lines.recordOpened()
    this.selectedToken = card.token
    this.selected = card
    this.selectedIndex = -1
    void this.ask()
  }

  private deselect(): void {
    this.selectedToken = null
    this.selected = null
    this.selectedIndex = -1
  }

  async load(refresh = false): Promise<void> {
    this.listen()
    const ticket = this.loads.next()
    const startedAt = Date.now()
    // The window on screen stays there, filterable, until the new list is complete.
    const background = this.loaded
    this.loading = true
    this.error = null
    this.begin()
    this.progress = null
    const api = getApi()
    const stream = streamId()
    const progress = throttled(PROGRESS_EVERY_MS, (p: { loaded: number; total: number }) => (this.progress = p))
    // The first rows as soon as the first part is in main, then at most every PARTIAL_EVERY_MS.
    let primed = false
    let heard = false
    const partial = throttled(PARTIAL_EVERY_MS, () => {
      if (primed) primed = false
      else void this.askNow()
    })
    // Asked once the first cards are painted: the console answers one request at a time, and the
    // first page is what the screen waits for; then main, the console and this tab would all be at
    // work on it while the first rows are drawn, on a desk PC's few cores.
    let capabilities: Promise<CardCapabilities> | undefined
    const askCapabilities = () =>
      (capabilities ??= api.cards.capabilities().catch((): CardCapabilities => ({ canEdit: true })))
    const offProgress = api.on('cards.progress', (p) => progress.push(p))
    // The first part comes with the answer to this question (one message to the first rows).
    const first = background ? undefined : { question: this.question(), ticket: 0 }
    if (first) first.ticket = this.asked(first.question)
    // A background refresh shows nothing until it is complete (main keeps the old list until then).
    const offPart = api.on('cards.part', (part) => {
      if (part.stream !== stream || background || !this.loads.isCurrent(ticket)) return
      // When the first part to come brought its rows, the throttle's first (immediate) ask is not needed.
      if (part.view && first) primed = this.accept(part.view, first.question, first.ticket) && !heard
      heard = true
      partial.push(part.index)
      void afterPaint().then(askCapabilities)
    })
    try {
      const read = await api.cards.load({ refresh, stream, ...(first ? { view: first.question } : {}) })
      partial.stop()
      const caps = await askCapabilities()
      if (!this.loads.isCurrent(ticket)) return
      // The complete list's window before the screen says it is complete.
      await this.askNow()
      if (!this.loads.isCurrent(ticket)) return
      this.canEdit = caps.canEdit
      this.missingPermission = caps.missingPermission
      this.canAssign = caps.canAssign ?? true
      this.assignMissingPermission = caps.assignMissingPermission
      this.loaded = true
      this.readAt = read.fetchedAt
      // Main answers with the list it held unless told to refresh: read before this load began, it was
      // read for another tab (or before a reload), and this tab reads it again behind the rows shown.
      this.heldFromBefore = !refresh && read.fetchedAt < startedAt
      // A write announced while this fetch ran may not be in it: keep saying so.
      if (this.staleSince && this.staleSince.at <= startedAt) this.staleSince = null
      void this.checkDrafts()
      if (this.heldFromBefore) void this.load(true)
    } catch (err) {
      if (this.loads.isCurrent(ticket)) {
        this.error = AppError.from(err)
        // Part of a first load is not the inventory: nothing is shown rather than a list cut short.
        // A refusal for a missing key drops the list held from before too (lib/refused-list.ts).
        if (!background || dropsHeldRows(this.error)) {
          this.views.cancelAll()
          this.view = EMPTY
        }
      }
    } finally {
      offProgress()
      offPart()
      progress.stop()
      partial.stop()
      if (this.loads.isCurrent(ticket)) this.loading = false
    }
  }

  sortBy(key: SortKey): void {
    if (this.query.sortKey === key) this.query.descending = !this.query.descending
    else {
      this.query.sortKey = key
      this.query.descending = false
    }
    void this.ask()
  }

  /**
   * An action starts: the outcome lines of earlier actions on the screen go (a "Card deleted" or a
   * "no longer on the console" is not left beside what this action will say), the details' too.
   */
  begin(): void {
    this.lines.actionStarted()
  }

  /**
   * A write to one card. Main answers CARD_GONE when the console no longer has the card (and has
   * dropped it from its list): it leaves the list and the details at once, and that is said above
   * the list (the details it was asked from are gone). The error is thrown on for the panel that asked.
   */
  private async write<T>(token: string, run: () => Promise<T>): Promise<T> {
    this.begin()
    try {
      return await run()
    } catch (err) {
      const error = AppError.from(err)
      if (error.code === 'CARD_GONE') {
        this.gone = error
        // An alias typed on it is shown as typing on a card no longer there (lib/record-drafts), never a link.
        aliasDrafts.noteGone(token, error)
        if (this.selectedToken === token) this.deselect()
        await this.ask()
      }
      // The card is not as shown (held by someone since, shared/seen, or the console refused to give a card
      // someone holds): read afresh, so the details and the question asked again name who holds it now.
      if (error.code === CHANGED_SINCE_SHOWN || error.code === 'CODE_CREDS_NFC_HAS_BIND_USER')
        await this.refreshCard(token)
      throw error
    }
  }

  /**
   * After a read of the list, each card with an unsaved alias is asked for: one another desk deleted
   * is answered not found, and its typing is said to be on a card no longer there (lib/record-drafts).
   * Few (what one desk left unsaved); a failure that says nothing of the card leaves its draft as it was.
   */
  private async checkDrafts(): Promise<void> {
    await aliasDrafts.checkGone((token) => getApi().cards.get({ token }))
  }

  /** A new alias (only when changed), or the conflict main found: then nothing was written (the rows show the card as main read it). */
  async rename(token: string, edit: CardAliasEdit): Promise<EditOutcome<NfcCard, CardAliasFields>> {
    const answer = await this.write(
      token,
      async () => (await getApi().cards.rename({ token, edit })) as EditOutcome<NfcCard, CardAliasFields>
    )
    if (answer.outcome === 'saved') await this.put(answer.record)
    // A conflict: main read the card again for it and holds it as read (the other desk's alias); the
    // rows behind the dialog are asked again, so the list says what the dialog says the console holds.
    else await this.ask()
    return answer
  }

  /** A card main answered for after an edit: shown in the details at once, and the rows asked again. */
  private async put(updated: NfcCard): Promise<void> {
    if (this.selectedToken === updated.token) this.selected = updated
    await this.ask()
  }

  /** The card read afresh into the details and the rows (a failed read leaves them as they were). */
  private async refreshCard(token: string): Promise<void> {
    const card = await getApi()
      .cards.get({ token })
      .catch(() => null)
    if (card) await this.put(card)
  }

  /** `seen`: who the details showed holding the card when the person confirmed (shared/seen). */
  async assign(token: string, owner: OwnerRef, force = false, seen?: Seen): Promise<void> {
    await this.put(await this.write(token, () => getApi().cards.assign({ token, owner, force, seen })))
  }

  async unassign(token: string, seen?: Seen): Promise<void> {
    await this.put(await this.write(token, () => getApi().cards.unassign({ token, seen })))
  }

  async remove(token: string, seen?: Seen): Promise<void> {
    const card = this.selected?.token === token ? this.selected : this.view.rows.find((c) => c.token === token)
    await this.write(token, () => getApi().cards.delete({ token, seen }))
    // Removed from the console, not set to status "deleted": say so, as the card leaves the list.
    const shown = card?.display_id || token
    this.notice = () => cardsWords().t('delete.done', { card: shown })
    if (this.selectedToken === token) this.deselect()
    await this.ask()
  }
}

export const cardsStore = new CardsStore()
// A list that failed (a missing view:credential, no answer) is read again when the console is Connected again.
rereadWhenBack(
  () => cardsStore.error !== null,
  () => cardsStore.load()
)
onConsoleSwitch('cards', () => cardsStore.reset())
onMainRestart('cards', () => cardsStore.reestablish())
