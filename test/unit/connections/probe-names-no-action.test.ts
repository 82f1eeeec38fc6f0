import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verdictOf } from '../../../src/main/services/connections/call-verdict'
import { errorFromTransport } from '../../../src/main/services/access/errors'
import { keyStatuses } from '../../../src/main/services/access/permission-probe'
import type { CallObserver } from '../../../src/main/services/access/http'
import { endpoints } from '../../../src/shared/access/endpoints'
import { startDemo, type Demo } from '../access/support'

const timedOut = () =>
  errorFromTransport(endpoints.E1, 'https://10.0.0.2:12445', Object.assign(new Error('t'), { code: 'ETIMEDOUT' }))

/**
 * The walk: the sidebar named "Generate PIN code (E1)" — the permission probe's own call — as what timed
 * out. A probe's calls are the app's, not the person's: the state says the console did not answer and
 * names no action; a person's own call keeps its name (they pressed it).
 */
describe('a permission probe’s call is never named as an action', () => {
  it('its timeout says the console did not answer, without the probe’s endpoint', () => {
    const probe = verdictOf({ permission: 'view:credential', probe: true, error: timedOut() })
    expect(probe).toMatchObject({ kind: 'down', state: 'unreachable', message: 'The console did not answer in time.' })
    const person = verdictOf({ permission: 'view:credential', error: timedOut() })
    expect(person).toMatchObject({ kind: 'down', state: 'unreachable' })
    expect((person as { message: string }).message).toContain('Generate PIN code')
  })

  describe('the probe marks its calls', () => {
    let demo: Demo
    beforeAll(async () => {
      demo = await startDemo()
    }, 30_000)
    afterAll(() => demo?.stop())

    it('every call of the token check reaches the observer as the probe’s, and its words name no endpoint', async () => {
      const seen: Parameters<CallObserver>[0][] = []
      const client = demo.client('full', { onOutcome: ((o) => seen.push(o)) as CallObserver })
      // Every probe's call answered with a 500: the state it puts the connection in names no action.
      await demo.control('PUT', '/__demo/faults', { errorRate: { '*': 1 } })
      try {
        await keyStatuses(client.http).catch(() => undefined)
      } finally {
        await demo.control('DELETE', '/__demo/faults')
      }
      expect(seen.length).toBeGreaterThan(0)
      for (const outcome of seen) {
        expect(outcome.probe, outcome.endpoint.title).toBe(true)
        const verdict = verdictOf({ permission: outcome.endpoint.permission, probe: true, error: outcome.error })
        if (verdict.kind === 'down') expect(verdict.message).not.toContain(outcome.endpoint.title)
      }
    })

    it('a probe whose answer is lost (a reset after it went out) is not told to look for what it did', async () => {
      // The reception walk: "The console may have done it (Generate PIN code) before its answer was lost"
      // in the sidebar, when nobody had asked for a PIN: the lost-write advice is for a person's write.
      const seen: Parameters<CallObserver>[0][] = []
      const client = demo.client('full', { onOutcome: ((o) => seen.push(o)) as CallObserver })
      await demo.control('PUT', '/__demo/faults', { resetRate: 1 })
      try {
        await keyStatuses(client.http).catch(() => undefined)
      } finally {
        await demo.control('DELETE', '/__demo/faults')
      }
      const failed = seen.filter((o) => o.error)
      expect(failed.length).toBeGreaterThan(0)
      for (const outcome of failed) {
        expect(outcome.error!.hint ?? '', outcome.endpoint.title).not.toMatch(/may have done it/)
        expect(outcome.error!.details?.['answerLost'], outcome.endpoint.title).toBeUndefined()
      }
    })
  })
})
