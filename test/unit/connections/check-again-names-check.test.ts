import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConsoleReachCheck } from '../../../src/main/services/connections/console-reach'
import type { AccessClient } from '../../../src/main/services/access/client'
import type { ConsoleReach } from '../../../src/shared/connections'
import { startDemo, type Demo } from '../access/support'

/**
 * Check again with a token the console refuses (issue 31): the sidebar's reason is the check's own
 * ("Checking the console: token refused."), not the first call that met the state (a card read the
 * person did not make), and each Check again is said with its time even though the state is the same.
 * Against the demo console over real HTTPS, with a client observed as the app's are.
 */
describe('Check again says what it checked', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo?.stop())

  it('a refused token: the check names itself and is said again at each Check again, with its time', async () => {
    const clock = { now: 1_000 }
    const emitted: ConsoleReach[] = []
    let client: AccessClient | undefined
    const active = {
      id: 'site',
      client: async () => (client ??= demo.client('not-a-token', { onOutcome: check.observe('site') }))
    }
    const check: ConsoleReachCheck = new ConsoleReachCheck({
      active: async () => active,
      emit: (reach) => emitted.push(reach),
      now: () => clock.now,
      // No check by itself here: only the ones this test makes.
      timers: { set: () => undefined, clear: () => undefined }
    })

    // A screen's read meets the refused token first: the state names that call.
    await expect((await active.client()).nfcCards.all()).rejects.toMatchObject({ kind: 'auth' })
    expect(emitted.at(-1)).toMatchObject({ state: 'refused', checkedAt: 1_000 })
    expect(emitted.at(-1)!.message).toMatch(/E6/)

    // Check again: the same state, said again with the check's time and the check as its reason.
    clock.now = 5_000
    const first = await check.check({ fresh: true })
    expect(first).toMatchObject({ state: 'refused', checkedAt: 5_000 })
    expect(first!.message).toMatch(/^Checking the console: token refused\. \S/)
    expect(first!.message).not.toMatch(/E6/)
    // The facts the screens word it from, in the desk's language (reach-words.svelte.ts checkedWhy).
    expect(first).toMatchObject({ byCheck: true, advice: expect.stringMatching(/\S/) })
    expect(first!.message).toBe(`Checking the console: token refused. ${first!.advice}`)
    // …and the error that failed the check, as facts, so its advice is said from the errors catalogue.
    expect(first!.checkError).toMatchObject({ kind: 'auth', hint: first!.advice })
    expect(first!.checkError!.code).toMatch(/\S/)
    expect(emitted.at(-1)).toEqual(first)

    clock.now = 9_000
    const said = emitted.length
    const again = await check.check({ fresh: true })
    expect(again).toMatchObject({ state: 'refused', checkedAt: 9_000, message: first!.message })
    expect(emitted.slice(said)).toEqual([again])
  })
})
