import { randomUUID } from 'node:crypto'

/** What a poll (E3) answers, as the session stands. */
export type SessionOutcome =
  { kind: 'waiting' } | { kind: 'read'; token: string; cardId: string } | { kind: 'error'; code: string; msg: string }

export interface EnrollmentSession {
  id: string
  deviceId: string
  reset: boolean
  expiresAt: number
  outcome: SessionOutcome
  /** A too-short hold answers PROVISION_FAILED on the next poll only, then the reader waits again. */
  transient?: { code: string; msg: string }
}

/**
 * Enrollment sessions live in memory only, as on the reader: a restart of the console ends them
 * (polls then answer SESSION_NOT_FOUND, which clients already treat as cancelled).
 */
export class Sessions {
  private readonly byId = new Map<string, EnrollmentSession>()

  constructor(private readonly ttlMs: number) {}

  create(deviceId: string, reset: boolean, now = Date.now()): EnrollmentSession {
    // A reader runs one session at a time: a new one supersedes the old (its polls then find nothing).
    for (const s of this.byId.values()) if (s.deviceId === deviceId) this.byId.delete(s.id)
    const session: EnrollmentSession = {
      id: randomUUID(),
      deviceId,
      reset,
      expiresAt: now + this.ttlMs,
      outcome: { kind: 'waiting' }
    }
    this.byId.set(session.id, session)
    return session
  }

  get(id: string, now = Date.now()): EnrollmentSession | undefined {
    this.expire(now)
    return this.byId.get(id)
  }

  /** The session a card presented to this reader goes to: the one still waiting. */
  waitingOn(deviceId: string, now = Date.now()): EnrollmentSession | undefined {
    this.expire(now)
    for (const s of this.byId.values()) if (s.deviceId === deviceId && s.outcome.kind === 'waiting') return s
    return undefined
  }

  remove(id: string): boolean {
    return this.byId.delete(id)
  }

  get active(): number {
    this.expire(Date.now())
    return this.byId.size
  }

  private expire(now: number) {
    for (const s of this.byId.values()) if (s.expiresAt <= now) this.byId.delete(s.id)
  }
}
