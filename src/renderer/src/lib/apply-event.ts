/**
 * Main tells a store what changed as a delta (a tap: one row), with the version the change brings
 * the record to: one more than before. Applying deltas keeps a store in step without reading the
 * whole record again at every change; a version that does not follow the one shown means an event
 * was missed (or main restarted and counts again), and only then is the record read whole.
 */

/** What a store shows of a record, and the version of main's record it shows. */
export interface Held<T> {
  value: T
  version: number
}

export interface VersionedEvent {
  version: number
}

/** The event applied to what is held, or 'reread' when it is not the next version of it (or nothing is held). */
export function applyEvent<T, E extends VersionedEvent>(
  held: Held<T> | null,
  event: E,
  update: (value: T, event: E) => T
): Held<T> | 'reread' {
  if (!held || event.version !== held.version + 1) return 'reread'
  return { value: update(held.value, event), version: event.version }
}

/**
 * One record a store shows and follows: events are applied as they come; during a full read they
 * wait for its answer, and those it already holds (an older or equal version) are dropped. A gap
 * asks the store to read again (`reread`, which should start with `reading()`).
 */
export class FollowedRecord<T, E extends VersionedEvent> {
  private held: Held<T> | null = null
  private waiting: E[] | null = null

  constructor(
    private readonly hooks: {
      update: (value: T, event: E) => T
      /** Show the record as the events made it. */
      show: (value: T) => void
      /** Read the record whole: an event was missed. */
      reread: () => void
    }
  ) {}

  /** Whether a version is held: events can be applied (else the next one asks for a read). */
  get following(): boolean {
    return this.held !== null && this.waiting === null
  }

  /** A full read is on its way: events from now on wait for its answer. */
  reading(): void {
    this.waiting ??= []
  }

  /** The full read's answer (null: it failed), then the events that came meanwhile and it does not hold. */
  read(answer: Held<T> | null): void {
    const waiting = this.waiting ?? []
    this.waiting = null
    this.held = answer
    if (!answer) return
    for (const event of waiting) if (event.version > answer.version) this.event(event)
  }

  event(event: E): void {
    if (this.waiting) {
      this.waiting.push(event)
      return
    }
    const next = applyEvent(this.held, event, this.hooks.update)
    if (next === 'reread') {
      this.held = null
      this.hooks.reread()
      return
    }
    this.held = next
    this.hooks.show(next.value)
  }

  /** Show nothing any more (another record opened, or this one deleted): the next event asks for a read. */
  forget(): void {
    this.held = null
    this.waiting = null
  }
}
