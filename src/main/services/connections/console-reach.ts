import { AppError } from '../../../shared/errors'
import { endpoints } from '../../../shared/access/endpoints'
import type { ConsoleReach, TokenCheck } from '../../../shared/connections'
import type { AccessClient } from '../access/client'
import type { CallObserver } from '../access/http'
import { verdictOf, type CallOutcome } from './call-verdict'
import { ConnectionStates } from './connection-state'
import { probePermission } from './token-check'

/** A check this recent that found the console answering is not repeated (the window's focus comes often). */
export const RECHECK_AFTER_MS = 15_000
/** Per attempt: a console that takes longer is as good as not answering for a desk. */
const CHECK_TIMEOUT_MS = 8_000
/** The key the check's read (E6) needs. */
const CHECK_KEY = endpoints.E6.permission

export interface ConsoleReachDeps {
  /** The active profile's id and how to get its client; null when no console is chosen. */
  active: () => Promise<{ id: string; client: () => Promise<AccessClient> } | null>
  emit: (reach: ConsoleReach) => void
  now?: () => number
}

/**
 * What the screens say of the active console (the sidebar's line, Import's upload panel): one
 * state per profile and token, made of the verdict of every call main makes to it (each client is
 * built with `observe`), of the token checks of Settings, and of the check below. Only changes are
 * pushed (`connections.reach`).
 *
 * The check is one read of one card (E6, page size 1), the cheapest call that proves address,
 * certificate and token, at start, after a switch, when the window comes back and on Check again;
 * keys found missing earlier are probed again too (each by a harmless call, token-check.ts), so a key
 * added on the console since is seen. It changes nothing and is not audited.
 */
export class ConsoleReachCheck {
  private readonly states: ConnectionStates
  private running: Promise<ConsoleReach | null> | undefined

  constructor(private readonly deps: ConsoleReachDeps) {
    this.states = new ConnectionStates({ emit: deps.emit, now: deps.now })
  }

  /** The active console's state as last said, if any. */
  async current(): Promise<ConsoleReach | null> {
    const active = await this.deps.active()
    return active ? this.states.current(active.id) : null
  }

  /**
   * For a client being built for this profile: every call's outcome feeds the profile's state. A
   * client built before a token or certificate change feeds nothing afterwards.
   */
  observe(profileId: string): CallObserver {
    const feed = this.feeder(profileId)
    return ({ endpoint, error }) => feed({ permission: endpoint.permission, error })
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
    const feed = this.feeder(active.id)
    let client: AccessClient
    try {
      // A client that cannot be built (no token stored) fails here, as the screens' calls would.
      client = await active.client()
    } catch (err) {
      feed({ error: err })
      return this.states.current(active.id)
    }
    try {
      await client.nfcCards.list({ page: 1, pageSize: 1 }, { timeoutMs: CHECK_TIMEOUT_MS })
      feed({ permission: CHECK_KEY })
    } catch (err) {
      feed({ permission: CHECK_KEY, error: err })
      // No answer, token refused…: probing keys would only meet the same. A 403 goes on to the keys.
      if (verdictOf({ error: err }).kind === 'down') return this.states.current(active.id)
    }
    // Keys refused earlier: held now? (One call each; none when nothing was refused.)
    for (const key of this.states.missing(active.id)) {
      if (key === CHECK_KEY) continue
      try {
        const status = await probePermission(client.http, key)
        if (status !== 'unknown') feed({ permission: key, ...(status === 'missing' ? { error: refusal(key) } : {}) })
      } catch (err) {
        feed({ permission: key, error: err })
        break
      }
    }
    return this.states.current(active.id)
  }

  /** Verdicts for the profile's current token (a later change of token makes them moot). */
  private feeder(profileId: string): (outcome: CallOutcome) => void {
    const generation = this.states.generation(profileId)
    return (outcome) => this.states.record(profileId, generation, verdictOf(outcome))
  }
}

/** A probe's "missing" as the 403 it was. */
function refusal(key: string): AppError {
  return new AppError({ kind: 'permission', message: `The API token lacks ${key}.`, details: { permission: key } })
}
