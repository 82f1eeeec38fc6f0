export interface Timers {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)
}

/**
 * Back to the welcome screen after a quiet spell: every touch or key (`poke`) starts the wait again.
 * Timers are injected so the rule is tested without waiting.
 */
export class IdleTimer {
  private handle: unknown

  constructor(
    private readonly ms: () => number,
    private readonly onIdle: () => void,
    private readonly timers: Timers = realTimers
  ) {}

  poke(): void {
    this.stop()
    this.handle = this.timers.set(() => {
      this.handle = undefined
      this.onIdle()
    }, this.ms())
  }

  stop(): void {
    if (this.handle !== undefined) this.timers.clear(this.handle)
    this.handle = undefined
  }

  get running(): boolean {
    return this.handle !== undefined
  }
}
