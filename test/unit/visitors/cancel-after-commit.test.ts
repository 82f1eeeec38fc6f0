import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AppErrorData } from '../../../src/shared/errors'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import { errorWordingOf } from '../../../src/shared/errors-wording'

interface HeldVisitor {
  id: string
  status?: string | undefined
}

const CANCEL = 'DELETE /visitors/:id'

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal')
    },
    (err: AppErrorData) => err
  )

/**
 * A visit cancelled (§4.6 without force) whose answer was lost: cancel is its own write — its own title
 * in the audit row and in what the person is told, never "Delete visitor" — and main reads the visitor
 * back: cancelled, it is said done (read back); still expected, said not cancelled (try again). The
 * console's visitor and the audit row afterwards.
 */
describe('a visit cancel whose answer was lost', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })

  let serial = 0
  /** A visit of its own, expected tomorrow (the console holds it ACTIVE). */
  async function expected(): Promise<HeldVisitor> {
    serial++
    const start = Math.floor(Date.now() / 1000) + 86400 + 3600 * serial
    const client = await app.services.connections.client()
    return client.visitors.create({
      first_name: `Cancel${serial}`,
      last_name: 'Okafor',
      visit_reason: 'Business',
      start_time: start,
      end_time: start + 3600
    })
  }
  const statusOf = async (id: string) => (await demo.held<HeldVisitor>('visitors')).find((v) => v.id === id)?.status
  const rowsOf = async (id: string): Promise<AuditRow[]> =>
    (await app.services.audit.all()).filter((r) => r.endpoint.id === '§4.6' && r.target.id === id)

  for (const [fault, afterCommit] of [
    ['the connection is cut', { reset: 1 }],
    ["the console's own 500", { status500: 1 }]
  ] as const) {
    it(`${fault} after it cancelled: read back, said cancelled (read back); the audit row is a settled cancel`, async () => {
      const visit = await expected()
      await demo.faults({ afterCommit: { ...afterCommit, paths: [CANCEL] } })
      expect(await app.call('visitors.cancel', { id: visit.id })).toEqual({ cancelled: true, readBack: true })
      expect(await statusOf(visit.id)).toBe('CANCELLED')
      const rows = await rowsOf(visit.id)
      expect(rows.map((r) => [r.endpoint.title, r.action, r.outcome, r.said])).toEqual([
        ['Cancel visit', 'cancel visit', 'ok', { key: 'settled', done: true }]
      ])
    })
  }

  it("the console's own 500 before it cancelled: read back, said not cancelled, try again; the audit row settled not done", async () => {
    const visit = await expected()
    await demo.faults({ errorRate: { [CANCEL]: 1 } })
    const error = await refusal(app.call('visitors.cancel', { id: visit.id }))
    expect(error.details).toMatchObject({ readBack: 'visit-not-cancelled', outcome: 'not-done' })
    expect(error.hint).toBe('Nothing was changed on the console, so trying again is safe.')
    // The desk says it in its language, followed by the one read-back sentence.
    expect(errorWordingOf(error)).toEqual({
      message: 'READ_BACK.visit-not-cancelled.message',
      hint: 'READ_BACK.not-done.hint',
      values: { name: 'Cancel3 Okafor' },
      readBack: true
    })
    expect(JSON.stringify(error)).not.toMatch(/Delete visitor/)
    expect(await statusOf(visit.id)).not.toBe('CANCELLED')
    const rows = await rowsOf(visit.id)
    expect(rows.map((r) => [r.endpoint.title, r.outcome, r.said])).toEqual([
      ['Cancel visit', 'notDone', { key: 'settled', done: false }]
    ])

    // Trying again cancels it: no "cancelled already by another desk".
    await demo.clearFaults()
    expect(await app.call('visitors.cancel', { id: visit.id })).toEqual({ cancelled: true })
    expect(await statusOf(visit.id)).toBe('CANCELLED')
  })

  it('the read-back fails too: the person is told the cancel may have been done, named as a cancel', async () => {
    const visit = await expected()
    await demo.faults({ afterCommit: { reset: 1, paths: [CANCEL], thenDown: true } })
    const error = await refusal(app.call('visitors.cancel', { id: visit.id }))
    expect(error.hint).toBe(
      'The console may have done it (Cancel visit) before its answer was lost: look at the record or the list again before trying again, so it is not done twice.'
    )
    await demo.clearFaults()
    expect(await statusOf(visit.id)).toBe('CANCELLED')
  })
})
