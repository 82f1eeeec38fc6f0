import type { Device } from '../../../shared/access/devices'
import type { Door } from '../../../shared/access/doors'
import type { NfcCard } from '../../../shared/access/nfc-cards'
import { readerNaming } from '../../../shared/access/reader-name'
import { AppError } from '../../../shared/errors'
import { CHANGED_SINCE_SHOWN } from '../../../shared/seen/seen'
import type { EnrollProgress } from '../../../shared/enroll/schemas'
import type { OwnerRef } from '../../../shared/owners'
import { getApi } from '../lib/api'
import { readPreference, writePreference } from '../lib/preferences'
import { onMainRestart } from '../lib/main-restarts'
import { onConsoleSwitch } from './console-scope'

export const PROVISIONED_CODE = 'CODE_CREDS_NFC_CARD_IS_PROVISION'
export const ALREADY_BOUND_CODE = 'CODE_CREDS_NFC_HAS_BIND_USER'
const LAST_READER_KEY = 'access-desk.enroll.reader'

export interface ReaderChoice {
  id: string
  /** What the desk calls it: the door it guards when known, else its alias or name (shared/access/reader-name.ts). */
  label: string
  detail: string
  online: boolean
}

/** idle → starting → running → ended (done, failed, cancelled, timeout). */
export type EnrollPhase = 'idle' | 'starting' | 'running' | 'ended'

/** Networked readers, online first, then by name; offline ones stay listed (marked) so nobody hunts for them. */
export function readerChoices(devices: Device[], doors: Door[] = []): ReaderChoice[] {
  return devices
    .filter((d) => d.isReader)
    .map((d) => ({ id: d.id, ...readerNaming(d, doors), online: d.online }))
    .sort((a, b) => Number(b.online) - Number(a.online) || a.label.localeCompare(b.label))
}

/** The Enroll screen: one enrollment at a time on a chosen networked reader, then the card's owner. */
export class EnrollStore {
  readers = $state.raw<ReaderChoice[]>([])
  readersLoaded = $state(false)
  readersLoading = $state(false)
  readersError = $state<AppError | null>(null)
  deviceId = $state<string | null>(null)
  resetCard = $state(false)
  /** Enrolling needs edit:credential; found with the readers, without creating a session. */
  canEnroll = $state(true)
  missingPermission = $state<string | undefined>(undefined)

  phase = $state<EnrollPhase>('idle')
  enrollmentId = $state<string | null>(null)
  progress = $state.raw<EnrollProgress | null>(null)
  /** When the console gives up, from the last progress event (the countdown ticks locally between polls). */
  deadline = $state<number | null>(null)
  now = $state(Date.now())
  startError = $state<AppError | null>(null)
  /** The last run used the reset flag (so the result can say so). */
  lastRunReset = $state(false)

  assigning = $state(false)
  assignError = $state<AppError | null>(null)
  assignedTo = $state.raw<OwnerRef | null>(null)
  /**
   * Who the card is enrolled for, when Enroll was opened from their record (Visitors' "Enroll a new card"):
   * offered first to give the card to. Without it the person searched by name afresh and could pick a
   * namesake (a user "Lena Ng" above the visitor "Lena Vogel" they came from).
   */
  forOwner = $state.raw<OwnerRef | null>(null)
  /** The owner picked when the console said the card already has one: "assign anyway" re-sends with force. */
  pendingOwner = $state.raw<OwnerRef | null>(null)
  /**
   * Who the last give sent was for: the person its error is about. A give whose answer was lost and
   * that main's read-back finds done names them (AssignCard), as the give answered done does.
   */
  sentTo = $state.raw<OwnerRef | null>(null)
  /**
   * The card as read from the console: as soon as the tap is read (so who holds it is said before
   * anyone is chosen), and again when the console refused it as held: the question names who holds it
   * now, as Cards does (null: not read, or held by nobody).
   */
  pendingHolder = $state.raw<NfcCard | null>(null)
  /** The read of the card just tapped, while it runs: the screen says the tap once, with its holder. */
  holderRead: Promise<void> | null = null

  /** Progress seen while enroll.start was still answering (events can overtake the answer). */
  private early: EnrollProgress[] = []
  private ticker: ReturnType<typeof setInterval> | undefined
  private listening = false

  selectedReader = $derived(this.readers.find((r) => r.id === this.deviceId) ?? null)
  secondsLeft = $derived(this.deadline === null ? null : Math.max(0, Math.ceil((this.deadline - this.now) / 1000)))
  card = $derived(this.progress?.state === 'done' ? (this.progress.card ?? null) : null)
  canRetryWithReset = $derived(this.phase === 'ended' && this.progress?.error?.code === PROVISIONED_CODE)
  canStart = $derived(
    this.canEnroll &&
      this.selectedReader !== null &&
      this.selectedReader.online &&
      this.phase !== 'starting' &&
      this.phase !== 'running'
  )

  async loadReaders(force = false): Promise<void> {
    if ((this.readersLoaded && !force) || this.readersLoading) return
    this.readersLoading = true
    this.readersError = null
    try {
      const api = getApi()
      // Door names only make labels friendlier: a token that cannot read doors still enrolls.
      // A probe that cannot answer leaves Start on: the console's own refusal still says why.
      const [devices, doors, caps] = await Promise.all([
        api.sites.devices(),
        api.sites.doors().catch(() => ({ items: [] })),
        api.enroll.capabilities().catch(() => ({ canEnroll: true, missingPermission: undefined }))
      ])
      this.canEnroll = caps.canEnroll
      this.missingPermission = caps.missingPermission
      this.readers = readerChoices(devices.items, doors.items)
      this.readersLoaded = true
      const remembered = readPreference(LAST_READER_KEY)
      const keep = this.readers.find((r) => r.id === (this.deviceId ?? remembered) && r.online)
      this.deviceId = keep?.id ?? this.readers.find((r) => r.online)?.id ?? null
    } catch (err) {
      this.readersError = AppError.from(err)
    } finally {
      this.readersLoading = false
    }
  }

  /**
   * Another console: its readers are not this one's. An enrollment already running finishes (or
   * is cancelled) on the console it started on, so it is left alone.
   */
  resetReaders(): void {
    if (this.phase === 'running' || this.phase === 'starting') return
    this.readers = []
    this.readersLoaded = false
    this.readersError = null
    this.deviceId = null
    this.canEnroll = true
    this.missingPermission = undefined
    // What the previous console said (a refusal, a finished card) is not about this one.
    this.startError = null
    this.forOwner = null
    this.reset()
  }

  choose(id: string): void {
    if (this.phase === 'running' || this.phase === 'starting') return
    this.deviceId = id
    writePreference(LAST_READER_KEY, id)
  }

  /**
   * Follow enroll.progress for the app's lifetime (once): an enrollment outlives a visit to another
   * screen, and a missed end event would leave the screen "waiting" for good.
   */
  listen(): void {
    if (this.listening) return
    this.listening = true
    getApi().on('enroll.progress', (p) => this.onProgress(p))
  }

  onProgress(p: EnrollProgress): void {
    if (this.phase === 'starting') {
      if (p.deviceId === this.deviceId) this.early.push(p)
      return
    }
    if (p.enrollmentId !== this.enrollmentId) return
    this.apply(p)
  }

  private apply(p: EnrollProgress): void {
    // A late "no card yet" after "keep holding" must not send the person back a step.
    if (
      p.state === 'waiting' &&
      this.progress?.state === 'hold-longer' &&
      this.progress.enrollmentId === p.enrollmentId
    )
      p = { ...p, state: 'hold-longer' }
    this.progress = p
    if (p.state === 'done' && p.card) this.readHolder(p.enrollmentId, p.card.token)
    const ended = p.state === 'done' || p.state === 'failed' || p.state === 'cancelled' || p.state === 'timeout'
    if (ended) {
      this.phase = 'ended'
      this.deadline = null
      this.stopTicker()
    } else {
      this.phase = 'running'
      this.deadline = Date.now() + p.secondsLeft * 1000
      this.now = Date.now()
    }
  }

  /** Start (or "enroll next": the same reader, the same reset choice unless told). */
  async start(resetCard = this.resetCard): Promise<void> {
    const deviceId = this.deviceId
    if (!deviceId || this.phase === 'starting' || this.phase === 'running') return
    this.phase = 'starting'
    this.progress = null
    this.startError = null
    this.assignError = null
    this.assignedTo = null
    this.pendingOwner = null
    this.pendingHolder = null
    this.sentTo = null
    this.lastRunReset = resetCard
    this.early = []
    try {
      const { enrollmentId } = await getApi().enroll.start({ deviceId, resetCard })
      this.enrollmentId = enrollmentId
      const seen = this.early.findLast((p) => p.enrollmentId === enrollmentId)
      this.early = []
      this.phase = 'running'
      this.deadline = Date.now() + 60_000
      this.now = Date.now()
      this.startTicker()
      if (seen) this.apply(seen)
    } catch (err) {
      this.phase = 'idle'
      this.startError = AppError.from(err)
    }
  }

  async cancel(): Promise<void> {
    const id = this.enrollmentId
    if (!id || this.phase !== 'running') return
    try {
      const { cancelled } = await getApi().enroll.cancel({ enrollmentId: id })
      // Already over on main's side (the end event is on its way or was missed): say it stopped.
      if (!cancelled && this.phase === 'running') {
        this.apply({ enrollmentId: id, deviceId: this.deviceId ?? '', state: 'cancelled', secondsLeft: 0 })
      }
    } catch (err) {
      this.startError = AppError.from(err)
    }
  }

  /**
   * After the bridge came back (lib/main-restarts.ts): a wait main still follows goes on (its
   * progress events resume); one a restarted main no longer knows ended with the old main, and the
   * screen says so instead of counting down a wait nobody follows.
   */
  async reestablish(): Promise<void> {
    const id = this.enrollmentId
    if (!id || this.phase !== 'running') return
    let following = false
    try {
      ;({ following } = await getApi().enroll.following({ enrollmentId: id }))
    } catch {
      // No answer from main: nobody follows the wait either.
    }
    if (following || this.enrollmentId !== id || this.phase !== 'running') return
    this.apply({
      enrollmentId: id,
      deviceId: this.deviceId ?? '',
      state: 'cancelled',
      secondsLeft: 0,
      error: {
        kind: 'reader',
        code: 'ENROLL_GONE_ON_RESTART',
        message: 'The enrollment wait ended when Access Desk restarted: start again.',
        hint: 'Press Start, then hold the card on the reader.',
        retryable: true
      }
    })
  }

  /**
   * Open Enroll for someone: a finished enrollment's card (given to someone else, or left spare) is not
   * theirs, so the screen starts afresh; one still running is left to finish.
   */
  enrollFor(owner: OwnerRef): void {
    if (this.phase !== 'running' && this.phase !== 'starting') this.reset()
    this.forOwner = owner
  }

  async assign(owner: OwnerRef, force = false): Promise<void> {
    const card = this.card
    if (!card || this.assigning) return
    // The tap was read as another's card: the take-over question is asked first, nothing sent (a plain
    // give would only be refused as held). Its answer carries the holder it named, as below.
    if (!force && this.pendingHolder?.user_id && this.pendingHolder.user_id !== owner.id) {
      this.assignError = null
      this.pendingOwner = owner
      return
    }
    this.assigning = true
    this.assignError = null
    this.sentTo = owner
    // A take-over carries the holder its question named: main sends nothing when another holds it now.
    const named = force ? this.pendingHolder?.user_id : undefined
    try {
      await getApi().enroll.assign({
        token: card.token,
        // Named as the screen named them: the audit row says who and which card whatever the console answers.
        owner: { type: owner.type, id: owner.id, ...(owner.name ? { name: owner.name } : {}) },
        cardId: card.cardId,
        force,
        ...(named ? { seen: { ownerId: named } } : {})
      })
      this.assignedTo = owner
      this.pendingOwner = null
      this.pendingHolder = null
      // Given: the next card enrolled here is for whoever the person picks.
      this.forOwner = null
    } catch (err) {
      const error = AppError.from(err)
      // Held by someone: refused by the console, or by main because the holder the question named is not
      // the holder now (the question is asked again naming them). Held by nobody now: the error says so.
      const held =
        error.code === ALREADY_BOUND_CODE || (error.code === CHANGED_SINCE_SHOWN && Boolean(error.details?.['ownerId']))
      // Who holds it now, read before the question is shown (a failed read leaves it unnamed). Held by
      // nobody now (the changed answer without an owner): no holder. Any other failure (the console
      // down) says nothing new of the card: the holder read before stays named.
      if (held)
        this.pendingHolder = await getApi()
          .cards.get({ token: card.token })
          .catch(() => null)
      else if (error.code === CHANGED_SINCE_SHOWN) this.pendingHolder = null
      this.assignError = error
      this.pendingOwner = held ? owner : null
    } finally {
      this.assigning = false
    }
  }

  /**
   * Who holds the card just tapped (a read; nothing is sent): another person's card held on the reader
   * is named at once, so the person knows before choosing who gets it. A read that fails says nothing.
   */
  private readHolder(enrollmentId: string, token: string): void {
    this.pendingHolder = null
    this.holderRead = getApi()
      .cards.get({ token })
      .then(
        (card) => {
          if (this.enrollmentId === enrollmentId && !this.assignedTo && card.user_id) this.pendingHolder = card
        },
        () => undefined
      )
  }

  reset(): void {
    this.phase = 'idle'
    this.progress = null
    this.enrollmentId = null
    this.deadline = null
    this.assignedTo = null
    this.assignError = null
    this.pendingOwner = null
    this.pendingHolder = null
    this.sentTo = null
  }

  private startTicker(): void {
    this.stopTicker()
    this.ticker = setInterval(() => (this.now = Date.now()), 250)
  }

  private stopTicker(): void {
    clearInterval(this.ticker)
    this.ticker = undefined
  }
}

export const enrollStore = new EnrollStore()
onConsoleSwitch('enroll', () => enrollStore.resetReaders())
onMainRestart('enroll', () => enrollStore.reestablish())
