import type { EventName, EventPayload } from '../../shared/ipc/contract'
import { checkEventPayload, contractCheckOn } from './ipc/contract-check'

/** Push an event to every renderer attached to this process (IPC window, web bridge sockets). */
export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void

/** A fan-out the transports subscribe to; services only know `emit`. */
export function createEventHub() {
  const listeners = new Set<(event: EventName, payload: unknown) => void>()
  const checkPayloads = contractCheckOn()
  const emit: Emit = (event, payload) => {
    if (checkPayloads) checkEventPayload(event, payload)
    for (const listener of listeners) listener(event, payload)
  }
  return {
    emit,
    subscribe(listener: (event: EventName, payload: unknown) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}
export type EventHub = ReturnType<typeof createEventHub>
