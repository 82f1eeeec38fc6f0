import type { ConsoleReach, TokenCheck } from '../../../shared/connections'
import { AppError } from '../../../shared/errors'
import type { AccessClient } from '../access/client'
import type { CallObserver } from '../access/http'
import { keyStatuses } from '../access/permission-probe'
import { verdictOf, type CallOutcome } from './call-verdict'
import { ConnectionStates } from './connection-state'

/** A check this recent that found the console answering is not repeated (the window's focus comes often). */
export const RECHECK_AFTER_MS = 15_000
/** Per attempt: a console that takes longer is as good as not answering for a desk. */
const CHECK_TIMEOUT_MS = 8_000
/** While failing, the first check by itself comes after this, each next one twice as late, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 15_000
export const RETRY_MAX_MS = 120_000

/** How the checks by itself are timed (a test runs them itself). */
export interface RetryTimers {
  set: (run: () => void, ms: number) => unknown
  clear: (handle: unknown) => void
}
const realTimers: RetryTimers = {
  // unref: a pending check by itself never keeps main (or a test) from ending.
  set: (run, ms) => setTimeout(run, ms).unref(),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)
}

/**
 * States that may end by themselves on the console's side (it answers again, the errors stop, the
 * token or its keys are given back). Another certificate needs the person to trust it: not retried.
 */
const retried: ReadonlySet<ConsoleReach['state']> = new Set(['unreachable', 'refused', 'permissions', 'trouble'])

export interface ConsoleReachDeps {
  /** The active profile's id and how to get its client; null when no console is chosen. */
  active: () => Promise<{ id: string; client: () => Promise<AccessClient> } | null>
  emit: (reach: ConsoleReach) => void
  now?: () => number
  timers?: RetryTimers
}

/**
 * What the screens say of the active console (the sidebar's line, Import's upload panel): one
 * state per profile and token, made of the verdict of every call main makes to it (each client is
 * built with `observe`), of the token checks of Settings, and of the check below. Only changes are
 * pushed (`connections.reach`).
 *
 * The check probes every permission key by the harmless calls of Settings' Test connection
 * (access/permission-probe.ts `keyStatuses`: the same probe, the same classification, every missing
 * key named), at start, after a switch, when the window comes back and on Check again. It changes
 * nothing and is not audited. It also runs by itself when a call finds the console not answering
 * (one lost answer is confirmed or ended at once), when the console answers again after a failure
 * (which left every key not known: each is told again), and when a call is refused for a key not known
 * missing, a person's write or a screen's probe for its buttons alike (a token changed on the console:
 * its other keys are told with it).
 */
export class ConsoleReachCheck {
  private readonly states: ConnectionStates
  private running: Promise<ConsoleReach | null> | undefined
  /** The next check by itself while failing (none while Connected). */
  private retry: { handle: unknown } | undefined
  /** After close(): no check runs, none is armed (a check would build a client, start the built-in console). */
  private closed = false

  constructor(private readonly deps: ConsoleReachDeps) {
    this.states = new ConnectionStates({
      emit: (reach) => {
        deps.emit(reach)
        this.followUp(reach)
      },
      now: deps.now
    })
  }

  /**
   * Failing: check again by itself until Connected, so the sidebar (and the screens that read again
   * when it says Connected) follow a console that came back with no call and no Check again. Only
   * changes are said, so the next try is armed after each check, not on each state said.
   */
  private followUp(reach: ConsoleReach): void {
    if (!retried.has(reach.state)) this.stopRetry()
    else if (!this.retry) this.armRetry(RETRY_FIRST_MS)
  }

  private armRetry(ms: number): void {
    if (this.closed) return
    const timers = this.deps.timers ?? realTimers
    const retry: { handle: unknown } = { handle: undefined }
    retry.handle = timers.set(() => {
      void this.check()
        .catch(() => null)
        .then((reach) => {
          if (this.retry !== retry) return // stopped (Connected) or re-armed meanwhile
          this.retry = undefined
          if (reach && retried.has(reach.state)) this.armRetry(Math.min(ms * 2, RETRY_MAX_MS))
        })
    }, ms)
    this.retry = retry
  }

  private stopRetry(): void {
    if (!this.retry) return
    ;(this.deps.timers ?? realTimers).clear(this.retry.handle)
    this.retry = undefined
  }

  /** Main is closing: the retry is stopped, a check running is waited for, and none runs after. */
  async close(): Promise<void> {
    this.closed = true
    this.stopRetry()
    await this.running?.catch(() => undefined)
  }

  /** The active console's state as last said, if any. */
  async current(): Promise<ConsoleReach | null> {
    const active = await this.deps.active()
    return active ? this.states.current(active.id) : null
  }

  /** Any saved console's state as last said (the Consoles screen reads each), or null when nothing is known. */
  stateOf(profileId: string): ConsoleReach | null {
    return this.states.current(profileId)
  }

  /**
   * For a client being built for this profile: every call's outcome feeds the profile's state. A
   * client built before a token or certificate change feeds nothing afterwards.
   */
  observe(profileId: string): CallObserver {
    const feed = this.feeder(profileId)
    return ({ endpoint, error, probe }) => feed({ permission: endpoint.permission, error, ...(probe ? { probe } : {}) })
  }

  /**
   * A token check's answer: `fresh` for a token just saved or replaced (and accepted), which starts
   * the profile's state afresh; else a test of the token kept.
   */
  tokenChecked(profileId: string, check: TokenCheck, fresh: boolean): void {
    if (fresh) this.states.reset(profileId)
    this.states.known(profileId, this.states.generation(profileId), check.permissions)
  }

  /**
   * For a call made outside the profile's client (Today's notifications socket): each outcome it
   * reports feeds the profile's state like a client's call, for the token in use now.
   */
  outcomes(profileId: string): (outcome: CallOutcome) => void {
    return this.feeder(profileId)
  }

  /** A call outside the profile's client failed (Settings' Test connection): its verdict counts too. */
  failed(profileId: string, error: unknown): void {
    this.feeder(profileId)({ error })
  }

  /** A new certificate trusted, or the profile removed: what was known no longer holds. */
  reset(profileId: string): void {
    this.states.reset(profileId)
  }

  /**
   * Check now (callers at the same time share one check). `fresh`: an answer of the active console
   * under RECHECK_AFTER_MS old that left it Connected is enough.
   */
  check(options: { fresh?: boolean } = {}): Promise<ConsoleReach | null> {
    if (this.closed) return Promise.resolve(null)
    if (this.running) return this.running
    this.running = this.ask(options.fresh ?? false).finally(() => (this.running = undefined))
    return this.running
  }

  private async ask(fresh: boolean): Promise<ConsoleReach | null> {
    const active = await this.deps.active()
    if (!active) return null
    const now = (this.deps.now ?? Date.now)()
    const known = this.states.current(active.id)
    if (fresh && known?.state === 'reachable' && now - this.states.answeredAt(active.id) < RECHECK_AFTER_MS) {
      return known
    }
    const generation = this.states.generation(active.id)
    let client: AccessClient
    try {
      // A client that cannot be built (no token stored) fails here, as the screens' calls would.
      client = await active.client()
    } catch (err) {
      this.checkFailed(active.id, generation, err)
      return this.states.current(active.id)
    }
    const missingBefore = this.states.missing(active.id)
    try {
      // Each probe is a call of the profile's client: its verdict feeds the state as it comes.
      const permissions = await keyStatuses(client.http, { timeoutMs: CHECK_TIMEOUT_MS })
      this.states.known(active.id, generation, permissions, missingBefore, true)
    } catch (err) {
      // No answer, token refused, another certificate: said as the check's own outcome, with its time.
      this.checkFailed(active.id, generation, err)
    }
    return this.states.current(active.id)
  }

  /** The check failed: what it met is said as the check (ConnectionStates.checked), with what to do. */
  private checkFailed(profileId: string, generation: number, err: unknown): void {
    this.states.checked(profileId, generation, verdictOf({ error: err }), AppError.from(err).toData())
  }

  /** Verdicts for the profile's current token (a later change of token makes them moot). */
  private feeder(profileId: string): (outcome: CallOutcome) => void {
    const generation = this.states.generation(profileId)
    return (outcome) => {
      const before = this.states.current(profileId)?.state
      const missingBefore = this.states.missing(profileId)
      const verdict = verdictOf(outcome)
      this.states.record(profileId, generation, verdict)
      const after = this.states.current(profileId)
      if (!after || generation !== this.states.generation(profileId)) return
      const wasDown = before !== undefined && before !== 'reachable' && before !== 'permissions'
      const isDown = after.state !== 'reachable' && after.state !== 'permissions'
      // One lost answer (cut after the request went out, or a proxy's 502) and one no-answer are not a
      // state when the console answers: ask it at once (a success ends the state), so both ways of
      // losing an answer end alike. Back after a failure, which left every key not known: tell them now.
      const lost = verdict.kind === 'down' && verdict.lost === true
      // A call refused for a key not known missing says the token changed on the console: the refusal
      // names one key (the call's), the token may have lost others with it. Every key is asked again, so
      // the sidebar and every screen's buttons follow the token, not the one call. That holds for a
      // person's write and for a screen's own button probe alike (Cards asks for its two keys on
      // Refresh: the sidebar must not name those two when the token lost three). The check's own
      // probes start nothing: they come while it runs, and confirm() leaves a running check be.
      const newlyRefused = verdict.kind === 'missing' && !!verdict.key && !missingBefore.includes(verdict.key)
      if (lost || newlyRefused || after.state === 'unreachable' || (wasDown && !isDown)) void this.confirm(profileId)
    }
  }

  /** Run the check for this profile when it is the active one (a check running already is the answer). */
  private async confirm(profileId: string): Promise<void> {
    if (this.running) return
    const active = await this.deps.active().catch(() => null)
    if (active?.id === profileId) await this.check().catch(() => undefined)
  }
}
