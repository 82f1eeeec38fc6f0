/** Wrong tries (PINs, names) allowed before the kiosk makes the next try wait. */
export const FREE_ATTEMPTS = 3
const FIRST_LOCK_MS = 30_000
const MAX_LOCK_MS = 5 * 60_000

/**
 * Rate limit of what can be guessed at the kiosk: the exit PIN, and names that match no visit (the kiosk
 * confirms who is expected). After three wrong tries each further one locks the next for longer (30 s,
 * 60 s, 120 s … up to 5 minutes), so no one can try PINs until one opens the desk, or names until one is
 * on today's list. A right try resets it. Held in main, so a reload or a second tab does not skip a wait;
 * kept in memory: a restarted kiosk starts in kiosk mode again anyway.
 */
export class PinAttempts {
  private failures = 0
  private lockedUntil = 0

  constructor(private readonly now: () => number = Date.now) {}

  /** Milliseconds until the next try is allowed (0: allowed now). */
  waitMs(): number {
    return Math.max(0, this.lockedUntil - this.now())
  }

  /** Record a wrong PIN; returns the wait it imposes (0 while free attempts remain). */
  failed(): number {
    this.failures += 1
    const over = this.failures - FREE_ATTEMPTS
    if (over < 0) return 0
    const lock = Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** over)
    this.lockedUntil = this.now() + lock
    return lock
  }

  /** Wrong tries in a row. */
  inARow(): number {
    return this.failures
  }

  /** Wrong PINs left before a wait (0 once waits have started). */
  left(): number {
    return Math.max(0, FREE_ATTEMPTS - this.failures)
  }

  succeeded(): void {
    this.failures = 0
    this.lockedUntil = 0
  }
}
