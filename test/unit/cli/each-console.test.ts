import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { eachConsole, eachConsoleAll, type ConsoleOutcome } from '../../../src/main/services/fleet/each-console'

const consoles = ['Dead', 'Refusing', 'Fast'].map((name) => ({ id: name.toLowerCase(), name }))
const [dead, refusing, fast] = consoles as [(typeof consoles)[0], (typeof consoles)[0], (typeof consoles)[0]]

/** A console that never answers (until its signal is aborted), one that refuses, one that answers. */
function fleetCall(seen: { aborted: string[] }) {
  return (profile: (typeof consoles)[0], signal: AbortSignal): Promise<string> => {
    if (profile === dead) {
      return new Promise((_, reject) =>
        signal.addEventListener('abort', () => {
          seen.aborted.push(profile.id)
          reject(new Error('aborted'))
        })
      )
    }
    if (profile === refusing) {
      return Promise.reject(
        new AppError({ kind: 'auth', code: 'CODE_ACCESS_TOKEN_INVALID', message: 'Token refused.' })
      )
    }
    return Promise.resolve(`answer of ${profile.name}`)
  }
}

describe('eachConsole: every console at once, each outcome as it comes', () => {
  it('yields the answering consoles before the dead one, which times out and is told to stop', async () => {
    const seen = { aborted: [] as string[] }
    const order: ConsoleOutcome<(typeof consoles)[0], string>[] = []
    for await (const outcome of eachConsole(consoles, fleetCall(seen), { timeoutMs: 200 })) {
      order.push(outcome)
      // When the first two arrive, the dead console is still running: it delayed nobody.
      if (order.length < 3) expect(seen.aborted).toEqual([])
    }
    expect(order.map((o) => o.console.name)).toEqual(['Refusing', 'Fast', 'Dead'])
    expect(order[1]).toEqual({ console: fast, ok: true, result: 'answer of Fast' })
    expect(order[0]).toMatchObject({ console: refusing, ok: false, error: { kind: 'auth', message: 'Token refused.' } })
    expect(order[2]).toMatchObject({
      console: dead,
      ok: false,
      error: { kind: 'network', code: 'CONSOLE_TIMEOUT', message: '"Dead" did not answer within 0.2 s.' }
    })
    expect(order[2]!.ok === false && order[2]!.error).not.toHaveProperty('stack')
    expect(seen.aborted).toEqual(['dead'])
  })

  it('eachConsoleAll keeps the order the consoles were given; a synchronous throw is an outcome too', async () => {
    const outcomes = await eachConsoleAll(
      consoles,
      (p) => {
        if (p === fast) throw new Error('boom')
        return fleetCall({ aborted: [] })(p, new AbortController().signal)
      },
      { timeoutMs: 50 }
    )
    expect(outcomes.map((o) => [o.console.name, o.ok])).toEqual([
      ['Dead', false],
      ['Refusing', false],
      ['Fast', false]
    ])
    expect(outcomes[2]).toMatchObject({ ok: false, error: { kind: 'server', message: 'Unexpected error: boom' } })
  })

  it('stops the calls still running when the consumer stops early or the caller aborts', async () => {
    const seen = { aborted: [] as string[] }
    for await (const outcome of eachConsole(consoles, fleetCall(seen), { timeoutMs: 60_000 })) {
      expect(outcome.console).not.toBe(dead)
      break
    }
    expect(seen.aborted).toEqual(['dead'])

    // The caller aborts once the first answer is in: the dead console's call is stopped, said `cancelled`.
    const outer = new AbortController()
    const seen2 = { aborted: [] as string[] }
    const outcomes: ConsoleOutcome<(typeof consoles)[0], string>[] = []
    for await (const outcome of eachConsole(consoles, fleetCall(seen2), { timeoutMs: 60_000, signal: outer.signal })) {
      outcomes.push(outcome)
      outer.abort()
    }
    expect(outcomes.find((o) => o.console === dead)).toMatchObject({ ok: false, error: { kind: 'cancelled' } })
    expect(seen2.aborted).toEqual(['dead'])
  })

  it('an aborted signal calls no console at all', async () => {
    const called: string[] = []
    const outcomes = await eachConsoleAll(
      consoles,
      (p) => {
        called.push(p.id)
        return Promise.resolve(1)
      },
      { timeoutMs: 60_000, signal: AbortSignal.abort() }
    )
    expect(called).toEqual([])
    expect(outcomes.map((o) => o.ok === false && o.error.kind)).toEqual(['cancelled', 'cancelled', 'cancelled'])
  })

  it('an empty fleet yields nothing', async () => {
    expect(await eachConsoleAll([], () => Promise.resolve(1), { timeoutMs: 10 })).toEqual([])
  })
})
