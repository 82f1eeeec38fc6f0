import { AppError } from '../../../shared/errors'
import type { ConsoleReach } from '../../../shared/connections'
import type { AccessClient } from '../access/client'

/** A check this recent that found the console answering is not repeated (the window's focus comes often). */
export const RECHECK_AFTER_MS = 15_000
/** Per attempt: a console that takes longer is as good as not answering for a desk. */
const CHECK_TIMEOUT_MS = 8_000

export interface ConsoleReachDeps {
  /** The active profile's id and how to get its client; null when no console is chosen. */
  active: () => Promise<{ id: string; client: () => Promise<AccessClient> } | null>
  emit: (reach: ConsoleReach) => void
  now?: () => number
}

/**
 * Whether the active console answers: one read of one card (E6, page size 1), the cheapest call
 * that proves address, certificate and token; it changes nothing and is not a write, so it is not
 * audited. The nav shows the answer, so a desk learns at start, not in the middle of a visitor,
 * that the network is down or the token was revoked. The read goes over the client's own pooled
 * connection, which then stays open (keep-alive) for the first screen's request.
 */
export class ConsoleReachCheck {
  private last: ConsoleReach | null = null
  private running: Promise<ConsoleReach | null> | undefined

  constructor(private readonly deps: ConsoleReachDeps) {}

  /** The last answer, if any. */
  current(): ConsoleReach | null {
    return this.last
  }

  /**
   * Check now (callers at the same time share one check). `fresh`: a recent "reachable" of the same
   * console is given instead of asking again.
   */
  check(options: { fresh?: boolean } = {}): Promise<ConsoleReach | null> {
    if (this.running) return this.running
    const now = this.deps.now ?? Date.now
    const last = this.last
    if (options.fresh && last?.state === 'reachable' && now() - last.checkedAt < RECHECK_AFTER_MS) {
      return this.deps.active().then((active) => (active?.id === last.profileId ? last : this.check()))
    }
    this.running = this.ask(now).finally(() => (this.running = undefined))
    return this.running
  }

  private async ask(now: () => number): Promise<ConsoleReach | null> {
    const active = await this.deps.active()
    if (!active) return this.keep(null)
    let reach: ConsoleReach
    try {
      // A client that cannot be built (no token stored) fails here, as the screens' calls would.
      const client = await active.client()
      await client.nfcCards.list({ page: 1, pageSize: 1 }, { timeoutMs: CHECK_TIMEOUT_MS })
      reach = { profileId: active.id, state: 'reachable', checkedAt: now() }
    } catch (err) {
      const e = AppError.from(err)
      const state = reachOf(e)
      reach = {
        profileId: active.id,
        state,
        checkedAt: now(),
        ...(state === 'reachable' ? {} : { message: e.message })
      }
    }
    return this.keep(reach)
  }

  private keep(reach: ConsoleReach | null): ConsoleReach | null {
    this.last = reach
    if (reach) this.deps.emit(reach)
    return reach
  }
}

/** What a failed check says of the console. */
function reachOf(error: AppError): ConsoleReach['state'] {
  switch (error.kind) {
    case 'network':
      return 'unreachable'
    case 'auth':
      return 'refused'
    case 'tls':
      return 'certificate'
    // The console looked at the token and answered: a key the read needs is missing, or the read
    // itself was refused; either way it is there and took the token.
    case 'permission':
    case 'not-found':
    case 'validation':
      return 'reachable'
    default:
      return 'trouble'
  }
}
