import type { EventName, EventPayload } from '../../src/shared/ipc/contract'
import type { Emit } from '../../src/main/services/events'

type Recorded = { event: EventName; payload: unknown; at: number }

/**
 * Records the events main would push to the renderer, and waits for one that matches, starting
 * after the last one of that name already waited for (so two taps of the same card are two events).
 */
export class EventLog {
  readonly all: Recorded[] = []
  private readonly cursors = new Map<EventName, number>()
  private wake: (() => void) | undefined

  readonly emit: Emit = (event, payload) => {
    this.all.push({ event, payload, at: Date.now() })
    this.wake?.()
  }

  /** Subscribe form for an EventHub (services.events.subscribe). */
  readonly listener = (event: EventName, payload: unknown) => this.emit(event, payload as never)

  async next<E extends EventName>(
    event: E,
    match: (payload: EventPayload<E>) => boolean = () => true,
    timeoutMs = 10_000
  ): Promise<EventPayload<E>> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      for (let i = this.cursors.get(event) ?? 0; i < this.all.length; i++) {
        const r = this.all[i]!
        if (r.event === event && match(r.payload as EventPayload<E>)) {
          this.cursors.set(event, i + 1)
          return r.payload as EventPayload<E>
        }
      }
      const left = deadline - Date.now()
      if (left <= 0) {
        const seen = this.all.slice(-8).map((r) => `${r.event} ${JSON.stringify(r.payload)}`)
        throw new Error(`no ${event} event matched within ${timeoutMs} ms; last events:\n${seen.join('\n')}`)
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  }

  /** Skip everything recorded so far. */
  mark(): void {
    for (const r of this.all) this.cursors.set(r.event, this.all.length)
  }

  count(event: EventName): number {
    return this.all.filter((r) => r.event === event).length
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
