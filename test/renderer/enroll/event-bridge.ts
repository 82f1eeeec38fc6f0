import { buildApi, type Subscribe } from '../../../src/preload/api'
import type { ChannelName, EventName, EventPayload } from '../../../src/shared/ipc/contract'
import type { Envelope } from '../../../src/shared/ipc/define'

type Answer = (input: unknown) => Envelope | Promise<Envelope>

/** A scripted bridge that can also push events, as main does (enroll.progress, reader.card…). */
export function eventBridge(answers: Partial<Record<ChannelName, Answer>>) {
  const calls: [ChannelName, unknown][] = []
  const listeners = new Map<EventName, Set<(payload: never) => void>>()
  const subscribe: Subscribe = (event, listener) => {
    const set = listeners.get(event) ?? new Set()
    set.add(listener as (payload: never) => void)
    listeners.set(event, set)
    return () => set.delete(listener as (payload: never) => void)
  }
  const bridge = buildApi(async (channel, input) => {
    calls.push([channel, input])
    const answer = answers[channel]
    if (!answer) return { ok: false, error: { kind: 'server', message: `unscripted ${channel}`, retryable: false } }
    return answer(input)
  }, subscribe)
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    for (const listener of listeners.get(event) ?? []) (listener as (p: EventPayload<E>) => void)(payload)
  }
  return { bridge, calls, emit, answers }
}

export const ok = <T>(result: T): Envelope => ({ ok: true, result }) as Envelope
