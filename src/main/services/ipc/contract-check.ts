import type { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { channels, events, type ChannelName, type EventName } from '../../../shared/ipc/contract'

/**
 * The contract checked both ways while tests run. Inputs are parsed at the one boundary every
 * transport goes through (dispatch.ts); answers and events are only typed, and a handler can still
 * return what its schema does not allow (a field renamed on one side, a date as a Date). With
 * ACCESS_DESK_CONTRACT_CHECK=1 — set for every test project in vitest.config.ts and inherited by the
 * web-mode, CLI and demo processes tests start — each answer and each event is parsed against its
 * schema, and a mismatch fails the call or the emit that made it, so the test that caused it fails.
 * Off in the app: the schemas are the renderer's promise, not a cost every answer pays.
 */
export function contractCheckOn(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['ACCESS_DESK_CONTRACT_CHECK'] === '1'
}

function mismatch(what: string, error: z.ZodError): AppError {
  const issues = error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ')
  const message = `${what} does not match the contract: ${issues}`
  // Said on stderr too: an event's emitter may swallow the throw, the test's output must not.
  console.error(`CONTRACT MISMATCH ${message}`)
  return new AppError({ kind: 'validation', code: 'CONTRACT_MISMATCH', message })
}

/** Throws when `result` is not what channel `name` promises. */
export function checkChannelOutput(name: ChannelName, result: unknown): void {
  const parsed = channels[name].output.safeParse(result)
  if (!parsed.success) throw mismatch(`The answer of ${name}`, parsed.error)
}

/** Throws when `payload` is not what event `name` promises. */
export function checkEventPayload(name: EventName, payload: unknown): void {
  const parsed = events[name].safeParse(payload)
  if (!parsed.success) throw mismatch(`The event ${name}`, parsed.error)
}
