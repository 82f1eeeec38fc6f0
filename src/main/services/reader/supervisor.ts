import type { ReaderCard, ReaderCause, ReaderStatus } from '../../../shared/reader/schemas'
import { isRandomUid, nfcUidFormats, uidLengthProblem } from '../../../shared/nfc/uid'
import type { ForkHost, HostProcess } from './host-process'
import type { Emit } from '../events'
import { hostMessageSchema, RESCAN_EXIT_CODE, type HostMessage, type SupervisorMessage } from './messages'
import { pcscdSocketPath, probePcscd } from './service-probe'
import {
  noReaderHint,
  noReaderMessage,
  noServiceHint,
  noServiceMessage,
  notStartedMessage,
  readyMessage,
  restartingHint,
  restartingMessage,
  startingMessage,
  unreadHint
} from './status-text'

/**
 * After a restart, how long a card the new host finds on a reader counts as the one that was
 * already lying there (nfc-pcsc reports a present card on attach; vpcd polls every ~400 ms).
 */
const CARRY_OVER_MS = 2000

/** How often main looks at the host's heartbeat. */
const WATCH_MS = 250

export interface ReaderSupervisorOptions {
  forkHost: ForkHost
  emit: Emit
  hostArgs?: string[]
  selected?: string
  platform?: NodeJS.Platform
  /** Host silent this long after its hello: blocked in native code (pcscd absent) or hung. */
  stallMs?: number
  /** From fork to hello: loading the host (tsx, zod) on a busy machine. */
  startTimeoutMs?: number
  backoffMs?: { first: number; max: number }
  /** Each tap, after its reader.card event went out: the scan session handles it. */
  onCard?: (card: ReaderCard) => void
  /** Observe every parsed host message (benchmarks: host timestamps). */
  onHostMessage?: (message: HostMessage) => void
  /**
   * Whether the PC/SC service answers, asked when a host stops answering (undefined: cannot tell,
   * no socket to look at). Default: pcscd's socket on Linux.
   */
  serviceUp?: () => Promise<boolean | undefined>
}

type Feedback = { resolve: (played: boolean) => void; timer: NodeJS.Timeout }

/**
 * Runs the reader host in its own process and keeps it alive: a heartbeat catches a host stuck
 * in nfc-pcsc's native loop (pcscd absent), crashes and fatal PC/SC errors restart it with
 * backoff, and its messages become `reader.*` events. Starts on first use, not at app start.
 */
export class ReaderSupervisor {
  private readonly opts: Required<
    Omit<ReaderSupervisorOptions, 'hostArgs' | 'selected' | 'onCard' | 'onHostMessage' | 'serviceUp'>
  > &
    ReaderSupervisorOptions
  private host: HostProcess | undefined
  private started = false
  private stopped = false
  private helloAt: number | undefined
  private lastBeat = 0
  private forkedAt = 0
  /** When the watchdog last ran: a later tick than due means main's own loop was held. */
  private lastWatch = 0
  private attempts = 0
  private restartTimer: NodeJS.Timeout | undefined
  private watchdog: NodeJS.Timeout | undefined
  private unavailable = false
  private nextFeedbackId = 1
  private readonly feedbacks = new Map<number, Feedback>()
  private current: ReaderStatus = { state: 'starting', message: startingMessage, readers: [] }
  /** The card reported on each reader and not reported removed, by the running host. */
  private present = new Map<string, string>()
  /** What lay on the readers when the last host ended: the next host reports it again on attach. */
  private carried = new Map<string, string>()
  private carryTimer: NodeJS.Timeout | undefined

  constructor(options: ReaderSupervisorOptions) {
    this.opts = {
      platform: process.platform,
      stallMs: 2000,
      startTimeoutMs: 20_000,
      backoffMs: { first: 500, max: 5000 },
      ...options
    }
    // The first status, read before the reader process answers: its words are the desk's, for this system.
    this.current = { ...this.current, os: systemOf(this.opts.platform) }
    if (options.selected) this.current = { ...this.current, selected: options.selected }
  }

  /** The current status; the first call starts the host. */
  status(): ReaderStatus {
    this.ensureStarted()
    return this.current
  }

  select(reader: string | null): ReaderStatus {
    this.ensureStarted()
    const { state, readers, message, hint, cause } = this.current
    // Only ready/no-reader depend on the selection; other states keep what they say.
    const keep = state === 'ready' || state === 'no-reader' ? {} : { message, ...(hint ? { hint } : {}) }
    const next = this.statusFor(state, readers, keep, reader ? { selected: reader } : {})
    this.setStatus(cause && 'message' in keep ? this.withCause(next, cause) : next)
    return this.current
  }

  /** Ask the reader to light/beep; resolves false where it cannot (no LED command, no card). */
  feedback(reader: string, kind: 'new' | 'duplicate'): Promise<boolean> {
    this.ensureStarted()
    if (!this.host || this.current.state !== 'ready') return Promise.resolve(false)
    const id = this.nextFeedbackId++
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.feedbacks.delete(id)
        resolve(false)
      }, 2000)
      this.feedbacks.set(id, { resolve, timer })
      this.send({ type: 'feedback', id, reader, kind })
    })
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.restartTimer)
    clearTimeout(this.carryTimer)
    clearInterval(this.watchdog)
    for (const [id, f] of this.feedbacks) {
      clearTimeout(f.timer)
      f.resolve(false)
      this.feedbacks.delete(id)
    }
    const host = this.host
    this.host = undefined
    if (!host) return
    await new Promise<void>((resolve) => {
      host.onExit(() => resolve())
      this.sendTo(host, { type: 'stop' })
      // A host blocked in native code cannot read "stop".
      setTimeout(() => host.kill(), 1000).unref()
      setTimeout(resolve, 3000).unref()
    })
  }

  private ensureStarted(): void {
    if (this.started || this.stopped) return
    this.started = true
    this.lastWatch = Date.now()
    this.watchdog = setInterval(() => this.checkHeartbeat(), WATCH_MS)
    this.watchdog.unref()
    this.spawn()
  }

  private spawn(): void {
    if (this.stopped) return
    this.helloAt = undefined
    this.forkedAt = Date.now()
    let host: HostProcess
    try {
      host = this.opts.forkHost('reader-host', this.opts.hostArgs ?? [])
    } catch (err) {
      this.setStatus(this.spawnFailedStatus(err))
      this.scheduleRestart()
      return
    }
    this.host = host
    host.onMessage((raw) => {
      if (this.host !== host) return
      const parsed = hostMessageSchema.safeParse(raw)
      // A message we cannot read is a host from another build: ignore it, the heartbeat decides.
      if (parsed.success) this.onHostMessage(parsed.data)
    })
    host.onExit((code) => {
      if (this.host !== host) return
      this.host = undefined
      if (this.stopped || this.unavailable) return
      if (code === RESCAN_EXIT_CODE) this.attempts = 0
      this.hostEnded()
      this.scheduleRestart()
    })
  }

  /**
   * The host is gone: no card is read until the next one runs, so the panel must not say Ready
   * (a "no-service" status stays: the service being down is still the reason). A card reported
   * and still on a reader is carried over, so the next host's report of it on attach is not a
   * second tap.
   */
  private hostEnded(): void {
    for (const [reader, uid] of this.present) this.carried.set(reader, uid)
    this.present.clear()
    clearTimeout(this.carryTimer)
    if (this.current.state !== 'no-service') this.setStatus(this.statusFor('restarting', []))
  }

  private scheduleRestart(): void {
    if (this.stopped) return
    const { first, max } = this.opts.backoffMs
    const delay = Math.min(max, first * 2 ** this.attempts)
    this.attempts++
    clearTimeout(this.restartTimer)
    this.restartTimer = setTimeout(() => this.spawn(), delay)
    this.restartTimer.unref()
  }

  private checkHeartbeat(): void {
    const now = Date.now()
    this.forgiveMainsOwnDelay(now)
    const host = this.host
    if (!host) return
    const stalled =
      this.helloAt === undefined
        ? now - this.forkedAt > this.opts.startTimeoutMs
        : now - this.lastBeat > this.opts.stallMs
    if (!stalled) return
    const started = this.helloAt !== undefined
    this.host = undefined
    host.kill()
    this.hostEnded()
    this.scheduleRestart()
    // The usual cause: new NFC() spinning in its native loop because pcscd is not there. Where the
    // service can be asked, ask it: a host stuck with the service up is restarting, not "stopped".
    void this.serviceUp().then((up) => {
      if (this.stopped || this.host !== undefined) return
      if (up === true && started) return
      if (started) this.setStatus(this.statusFor('no-service', []))
      else
        this.setStatus(this.withCause(this.statusFor('no-service', [], { message: notStartedMessage }), 'notStarted'))
    })
  }

  /**
   * While main's own loop was held (a long synchronous call), the host's heartbeats waited unread in
   * the pipe: that gap is main's, not the host's silence. The time this tick came late is taken off the
   * silence counted against the host (and off its start), so only a host silent while main listened is
   * restarted; the beats that queued meanwhile are read right after this tick.
   */
  private forgiveMainsOwnDelay(now: number): void {
    const late = now - this.lastWatch - WATCH_MS
    this.lastWatch = now
    if (late <= WATCH_MS) return
    this.lastBeat += late
    this.forkedAt += late
  }

  private serviceUp(): Promise<boolean | undefined> {
    if (this.opts.serviceUp) return this.opts.serviceUp()
    const path = this.opts.platform === process.platform ? pcscdSocketPath() : undefined
    if (!path) return Promise.resolve(undefined)
    return probePcscd(path).then((r) => r.up)
  }

  private onHostMessage(message: HostMessage): void {
    this.opts.onHostMessage?.(message)
    const now = Date.now()
    this.lastBeat = now
    switch (message.type) {
      case 'hello':
        this.helloAt = now
        return
      case 'heartbeat':
        return
      case 'unavailable':
        this.unavailable = true
        this.setStatus(this.unavailableStatus(message))
        return
      case 'no-service':
        // With the service gone, what lies on the readers is unknown: a card seen when it is back
        // is a tap.
        this.forget(this.present)
        this.forget(this.carried)
        this.setStatus(this.statusFor('no-service', []))
        return
      case 'readers':
        this.attempts = 0
        this.setStatus(this.statusFor('ready', message.readers))
        this.expireCarried(message.readers)
        return
      case 'card': {
        if (!this.accepts(message.reader)) return
        // A good read clears an earlier "could not read" message.
        this.setStatus(this.statusFor(this.current.state, this.current.readers))
        const carried = this.carried.get(message.reader)
        this.carried.delete(message.reader)
        this.present.set(message.reader, message.uid)
        // The card reported before the restart, still on the reader: already counted.
        if (carried === message.uid) return
        const card = toCardEvent(message)
        this.opts.emit('reader.card', card)
        this.opts.onCard?.(card)
        return
      }
      case 'card-error':
        if (!this.accepts(message.reader)) return
        this.setStatus(
          this.withCause(
            this.statusFor(this.current.state, this.current.readers, {
              message: `Could not read the card on ${message.reader} (${message.message}).`,
              hint: unreadHint
            }),
            { kind: 'unread', reader: message.reader, detail: message.message.slice(0, 500) }
          )
        )
        return
      case 'removed':
        this.present.delete(message.reader)
        this.carried.delete(message.reader)
        if (this.accepts(message.reader))
          this.opts.emit('reader.removed', { reader: message.reader, uid: message.uid, at: message.at })
        return
      case 'error':
        // A fatal error ends the host: within a moment it says the service stopped, or exits
        // (then: restarting). Other errors are nfc-pcsc noise.
        return
      case 'feedback-result': {
        const pending = this.feedbacks.get(message.id)
        if (!pending) return
        clearTimeout(pending.timer)
        this.feedbacks.delete(message.id)
        pending.resolve(message.played)
        return
      }
    }
  }

  /** A carried card not reported again soon after its reader is back was taken off meanwhile. */
  private expireCarried(readers: string[]): void {
    this.forget(new Map([...this.carried].filter(([reader]) => !readers.includes(reader))), this.carried)
    if (this.carried.size === 0) return
    clearTimeout(this.carryTimer)
    this.carryTimer = setTimeout(() => this.forget(this.carried), CARRY_OVER_MS)
    this.carryTimer.unref()
  }

  /**
   * Cards no host will report leaving (taken off while none ran, or the service went): say they
   * are gone, so the panel stops showing them "on the reader".
   */
  private forget(cards: Map<string, string>, from: Map<string, string> = cards): void {
    for (const [reader, uid] of [...cards]) {
      from.delete(reader)
      if (this.accepts(reader)) this.opts.emit('reader.removed', { reader, uid, at: Date.now() })
    }
  }

  private accepts(reader: string): boolean {
    return !this.current.selected || this.current.selected === reader
  }

  /** The status for a state, with its message and hint; `text` overrides them. */
  private statusFor(
    state: ReaderStatus['state'],
    readers: string[],
    text: { message?: string; hint?: string } = {},
    selection: { selected?: string } = this.current
  ): ReaderStatus {
    const { selected } = selection
    const { platform } = this.opts
    // The state's own sentences are worded by the desk from the state and the system (schemas.ts `os`).
    const os = text.message === undefined && text.hint === undefined ? { os: systemOf(platform) } : {}
    const base = { readers, ...(selected ? { selected } : {}) }
    const withText = (message: string, hint?: string): ReaderStatus => {
      const h = text.hint ?? hint
      return { ...base, state, message: text.message ?? message, ...(h ? { hint: h } : {}), ...os }
    }
    switch (state) {
      case 'starting':
        return withText(startingMessage)
      case 'restarting':
        return withText(restartingMessage, restartingHint)
      case 'unavailable':
        return withText('The reader module is not available.')
      case 'no-service':
        return withText(noServiceMessage, noServiceHint(platform))
      case 'no-reader':
      case 'ready': {
        const present = selected ? readers.includes(selected) : readers.length > 0
        if (present)
          return {
            ...base,
            state: 'ready',
            message: text.message ?? readyMessage(readers, selected),
            ...(text.hint ? { hint: text.hint } : {}),
            ...os
          }
        const message = selected ? `The selected reader "${selected}" is not connected.` : noReaderMessage
        return { ...base, state: 'no-reader', message, hint: noReaderHint(platform), ...os }
      }
    }
  }

  /** Main's own cause as facts beside its English: the desk words them for this system (schemas.ts `cause`). */
  private withCause(status: ReaderStatus, cause: ReaderCause | 'notStarted'): ReaderStatus {
    return {
      ...status,
      os: systemOf(this.opts.platform),
      cause: cause === 'notStarted' ? { kind: 'notStarted' } : cause
    }
  }

  /**
   * The module did not load: main's English (the CLI's words) and, from a host that sends them, the
   * facts the desk words in its language with the system's commands (`os`, `addon`).
   */
  private unavailableStatus(message: Extract<HostMessage, { type: 'unavailable' }>): ReaderStatus {
    const status = this.statusFor('unavailable', [], { message: message.message, hint: message.hint })
    if (!message.addon) return status
    return { ...status, os: systemOf(this.opts.platform), addon: message.addon }
  }

  /**
   * The reader process could not be started: main's English (the CLI's words), and the facts the desk
   * words in its language: the system's error code and its own text, shown as the system's.
   */
  private spawnFailedStatus(err: unknown): ReaderStatus {
    const detail = (err instanceof Error ? err.message : String(err)).slice(0, 2000)
    const code = (err as { code?: unknown } | null)?.code
    const status = this.statusFor('unavailable', [], { message: `The reader process could not be started: ${detail}` })
    const spawn = typeof code === 'string' && code.length <= 40 ? { code, detail } : { detail }
    return { ...status, os: systemOf(this.opts.platform), spawn }
  }

  private setStatus(next: ReaderStatus): void {
    if (JSON.stringify(next) === JSON.stringify(this.current)) return
    this.current = next
    this.opts.emit('reader.status', next)
  }

  private send(message: SupervisorMessage): void {
    if (this.host) this.sendTo(this.host, message)
  }

  private sendTo(host: HostProcess, message: SupervisorMessage): void {
    try {
      host.send(message)
    } catch {
      // The host is exiting; its exit handler takes over.
    }
  }
}

function toCardEvent(message: Extract<HostMessage, { type: 'card' }>): ReaderCard {
  const problem = uidLengthProblem(message.uid.length / 2)
  return {
    reader: message.reader,
    uid: message.uid,
    atr: message.atr,
    standard: message.standard,
    formats: nfcUidFormats(message.uid),
    randomUid: isRandomUid(message.uid),
    ...(problem ? { problem, problemSaid: { kind: 'length' as const, bytes: message.uid.length / 2 } } : {}),
    at: Math.round(message.detectedAt)
  }
}

/** The system a hint's commands are for: status-text.ts says Linux's, Windows' and any other as macOS's. */
function systemOf(platform: NodeJS.Platform): NonNullable<ReaderStatus['os']> {
  return platform === 'linux' ? 'linux' : platform === 'win32' ? 'windows' : 'mac'
}
