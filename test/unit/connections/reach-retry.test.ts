import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConsoleReachCheck } from '../../../src/main/services/connections/console-reach'
import type { ConsoleReach } from '../../../src/shared/connections'
import { control, startDemo, type Demo } from '../access/support'

/**
 * While the active console is in a failing state, main checks it again by itself (15 s, then longer
 * between tries), so the sidebar says Connected again without a call or Check again; never while Connected.
 * The timers are the test's: it runs each scheduled check itself (no waiting).
 */
describe('the console checked again by itself while failing', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo?.stop())

  it('500 to everything: checks again after 15 s, then less often; the faults cleared, Connected and no more checks', async () => {
    const emitted: ConsoleReach[] = []
    const scheduled: { run: () => void; ms: number; cleared: boolean }[] = []
    const check: ConsoleReachCheck = new ConsoleReachCheck({
      active: async () => ({
        id: 'site',
        client: async () => demo.client('full', { onOutcome: check.observe('site') })
      }),
      emit: (reach) => emitted.push(reach),
      timers: {
        set: (run, ms) => {
          const timer = { run, ms, cleared: false }
          scheduled.push(timer)
          return timer
        },
        clear: (timer) => ((timer as { cleared: boolean }).cleared = true)
      }
    })
    const pending = () => scheduled.filter((t) => !t.cleared)
    const runNext = async () => {
      const timer = pending().at(-1)!
      timer.cleared = true
      timer.run()
      // The check the timer starts (callers share one): its end.
      await check.check()
      // The timer's own follow-up of that check (arming the next try) settles.
      await new Promise((resolve) => setImmediate(resolve))
    }

    expect((await check.check())?.state).toBe('reachable')
    expect(pending()).toHaveLength(0)

    await control(demo.console, 'PUT', '/__demo/faults', { errorRate: { '*': 1 } })
    try {
      expect((await check.check())?.state).toBe('trouble')
      expect(pending().map((t) => t.ms)).toEqual([15_000])
      await runNext()
      expect(emitted.at(-1)?.state).toBe('trouble')
      expect(pending().map((t) => t.ms)).toEqual([30_000])
    } finally {
      await control(demo.console, 'DELETE', '/__demo/faults')
    }
    await runNext()
    expect(emitted.at(-1)?.state).toBe('reachable')
    expect(pending()).toHaveLength(0)
  })
})
