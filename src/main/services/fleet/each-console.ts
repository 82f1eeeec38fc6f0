import { AppError, type AppErrorData } from '../../../shared/errors'
import { formats } from '../../../shared/format/formats'

/**
 * One call run on every saved console at once (the Consoles screen, find across consoles, the CLI's
 * `--all-consoles`): each console gets its own time limit, and its outcome is handed over as soon as
 * it is known, so a slow or dead console never delays the answers of the others.
 */

/** The least a console needs to be named in an outcome. */
export interface FleetConsole {
  id: string
  name: string
}

export type ConsoleOutcome<P, T> = { console: P; ok: true; result: T } | { console: P; ok: false; error: AppErrorData }

export interface EachConsoleOptions {
  /**
   * Per console: past it with no answer, that console's outcome is a `network`/`CONSOLE_TIMEOUT` error
   * and its call is aborted. A call made of several requests says each answer it gets (`heard`, the
   * third argument of `run`): the limit then counts from the last answer, so it means "did not
   * answer", never "answered slowly" (walk C: 10 requests of 1.5 s each were "did not answer within 10 s").
   */
  timeoutMs: number
  /** Stops every call still running (e.g. the screen closed); their outcomes are `cancelled`. */
  signal?: AbortSignal
}

/**
 * Runs `run(profile, signal)` on every profile concurrently and yields each outcome as it comes (in
 * the order the consoles answer, not the order given). A call that throws or runs out of time
 * yields `{ok: false, error}` (an AppError as plain data: never a stack); the iteration itself never
 * throws. The `signal` given to `run` is aborted when that console's time is up, so a call that
 * honours it stops sending. Every profile yields exactly one outcome.
 */
export async function* eachConsole<P extends FleetConsole, T>(
  profiles: readonly P[],
  run: (profile: P, signal: AbortSignal, heard: () => void) => Promise<T>,
  options: EachConsoleOptions
): AsyncGenerator<ConsoleOutcome<P, T>, void, undefined> {
  // Outcomes wait here until the consumer asks; `wake` resolves the consumer waiting for the next one.
  const ready: ConsoleOutcome<P, T>[] = []
  let wake: (() => void) | undefined
  const settle = (outcome: ConsoleOutcome<P, T>) => {
    ready.push(outcome)
    wake?.()
  }
  const controllers = profiles.map(() => new AbortController())
  const onOuterAbort = () => controllers.forEach((c) => c.abort())
  if (options.signal?.aborted) onOuterAbort()
  else options.signal?.addEventListener('abort', onOuterAbort, { once: true })
  profiles.forEach((profile, i) => void runOne(profile, controllers[i]!, run, options, settle))
  try {
    for (let given = 0; given < profiles.length; given++) {
      while (ready.length === 0) await new Promise<void>((resolve) => (wake = resolve))
      yield ready.shift()!
    }
  } finally {
    // The consumer stopped early (break, return): the calls still running are not left sending.
    options.signal?.removeEventListener('abort', onOuterAbort)
    controllers.forEach((c) => c.abort())
  }
}

/** Every outcome, once all consoles answered or ran out of time, in the order the profiles were given. */
export async function eachConsoleAll<P extends FleetConsole, T>(
  profiles: readonly P[],
  run: (profile: P, signal: AbortSignal, heard: () => void) => Promise<T>,
  options: EachConsoleOptions
): Promise<ConsoleOutcome<P, T>[]> {
  const outcomes: ConsoleOutcome<P, T>[] = []
  for await (const outcome of eachConsole(profiles, run, options)) outcomes.push(outcome)
  return profiles.map((p) => outcomes.find((o) => o.console === p)!)
}

async function runOne<P extends FleetConsole, T>(
  profile: P,
  controller: AbortController,
  run: (profile: P, signal: AbortSignal, heard: () => void) => Promise<T>,
  options: EachConsoleOptions,
  settle: (outcome: ConsoleOutcome<P, T>) => void
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let heard = () => undefined as void
  const limit = new Promise<never>((_, reject) => {
    const start = () => {
      clearTimeout(timer)
      timer = setTimeout(() => reject(timedOut(profile, options.timeoutMs)), options.timeoutMs)
    }
    // An answer from the console: its time limit starts again (it is answering, if slowly).
    heard = () => {
      if (!controller.signal.aborted) start()
    }
    start()
    controller.signal.addEventListener('abort', () => reject(cancelled(profile)), { once: true })
  })
  try {
    // Promise.resolve().then: a `run` that throws synchronously is an outcome like any other; one
    // stopped before it began (the caller aborted at once) is not called at all.
    const call = Promise.resolve().then(() => {
      if (controller.signal.aborted) throw cancelled(profile)
      return run(profile, controller.signal, () => heard())
    })
    const result = await Promise.race([call, limit])
    settle({ console: profile, ok: true, result })
  } catch (err) {
    settle({ console: profile, ok: false, error: AppError.from(err).toData() })
  } finally {
    clearTimeout(timer)
    // Its time is up (or it answered): a call still running is told to stop.
    controller.abort()
  }
}

function timedOut(profile: FleetConsole, timeoutMs: number): AppError {
  return new AppError({
    kind: 'network',
    code: 'CONSOLE_TIMEOUT',
    message: `"${profile.name}" did not answer within ${formats('en').number(timeoutMs / 1000)} s.`,
    hint: 'Check that this console is on and reachable from this computer, then try again.',
    retryable: true,
    details: { name: profile.name, seconds: timeoutMs / 1000 }
  })
}

function cancelled(profile: FleetConsole): AppError {
  return new AppError({ kind: 'cancelled', code: 'CANCELLED', message: `The call to "${profile.name}" was stopped.` })
}
