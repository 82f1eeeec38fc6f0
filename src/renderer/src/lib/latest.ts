/**
 * Keeps only the newest of overlapping requests: a slow answer to an older search or selection
 * must not overwrite the one the user asked for last.
 */
export class Latest {
  private last = 0

  /** A ticket for a new request; `isCurrent(ticket)` is false once a newer one started. */
  next(): number {
    return ++this.last
  }

  isCurrent(ticket: number): boolean {
    return ticket === this.last
  }

  /** Forget every request in flight (a console switch). */
  cancelAll(): void {
    this.last++
  }
}
