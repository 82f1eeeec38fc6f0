import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { control } from '../access/support'
import type { AppErrorData } from '../../../src/shared/errors'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import { errorWordingOf } from '../../../src/shared/errors-wording'

interface HeldVisitor {
  id: string
  status?: string | undefined
  start_time: number
  end_time: number
  remarks?: string
  first_name: string
}

const UPDATE = 'PUT /visitors/:id'

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal')
    },
    (err: AppErrorData) => err
  )

/**
 * "End visit now": the visit's end set to now (E18 with end_time only), so the visitor's credentials stop
 * opening doors; the record stays. The console's visitor and the audit row afterwards.
 */
describe('ending a visit now', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })

  const otherDesk = async (method: string, path: string, body?: unknown) =>
    control(await app.services.connections.demoConsole(), method, `/api/v1/developer${path}`, body)

  let serial = 0
  const now = () => Math.floor(Date.now() / 1000)
  /** A visit of its own under way: begun ten minutes ago, ending in a few hours. */
  async function underWay(startIn = -600) {
    serial++
    const client = await app.services.connections.client()
    return client.visitors.create({
      first_name: `End${serial}`,
      last_name: 'Mensah',
      visit_reason: 'Business',
      remarks: 'Badge at the lobby',
      start_time: now() + startIn,
      end_time: now() + 3600 * (2 + serial)
    })
  }
  const held = async (id: string) => (await demo.held<HeldVisitor>('visitors')).find((v) => v.id === id)!
  const rowsOf = async (id: string): Promise<AuditRow[]> =>
    (await app.services.audit.all()).filter((r) => r.endpoint.id === 'E18' && r.target.id === id)
  const seenOf = (v: { status?: string; start_time?: number; end_time?: number }) => ({
    status: 'ACTIVE',
    startTime: v.start_time ?? null,
    endTime: v.end_time ?? null
  })

  it('sets only the end, to now: the rest of the record stays as the console holds it; the audit says End visit', async () => {
    const visit = await underWay()
    // Another desk corrects the remarks after the question was shown: an end visit never writes them back.
    await otherDesk('PUT', `/visitors/${visit.id}`, { remarks: 'Escort to floor 3' })
    const before = now()
    const answer = await app.call('visitors.endVisit', { id: visit.id, seen: seenOf(visit) })
    const after = now()
    const record = await held(visit.id)
    expect(record.end_time).toBeGreaterThanOrEqual(before)
    expect(record.end_time).toBeLessThanOrEqual(after)
    expect(record).toMatchObject({ remarks: 'Escort to floor 3', start_time: visit.start_time, first_name: 'End1' })
    expect(answer.visitor.end_time).toBe(record.end_time)
    expect(answer.readBack).toBeUndefined()
    const rows = await rowsOf(visit.id)
    expect(rows.map((r) => [r.action, r.outcome])).toEqual([['end visit', 'ok']])
  })

  it('a visit not begun, or cancelled, is not ended: refused with nothing sent', async () => {
    const later = await underWay(3600)
    const notBegun = await refusal(app.call('visitors.endVisit', { id: later.id }))
    expect(notBegun).toMatchObject({ code: 'VISIT_NOT_UNDER_WAY', details: { stage: 'upcoming' } })
    expect(errorWordingOf(notBegun)?.message).toBe('VISIT_NOT_UNDER_WAY.upcoming.message')
    expect((await held(later.id)).end_time).toBe(later.end_time)

    const cancelled = await underWay()
    await app.call('visitors.cancel', { id: cancelled.id })
    const refused = await refusal(app.call('visitors.endVisit', { id: cancelled.id }))
    expect(refused).toMatchObject({ code: 'VISIT_CANCELLED', details: { refused: 'end' } })
    expect((await held(cancelled.id)).end_time).toBe(cancelled.end_time)
    expect(await rowsOf(later.id)).toEqual([])
    expect(await rowsOf(cancelled.id)).toEqual([])
  })

  it('its answer lost after the console ended it: read back, said ended (read back); the audit row settled done', async () => {
    const visit = await underWay()
    await demo.faults({ afterCommit: { reset: 1, paths: [UPDATE] } })
    const answer = await app.call('visitors.endVisit', { id: visit.id })
    expect(answer.readBack).toBe(true)
    expect((await held(visit.id)).end_time).toBeLessThanOrEqual(now())
    const rows = await rowsOf(visit.id)
    expect(rows.map((r) => [r.action, r.outcome, r.said])).toEqual([
      ['end visit', 'ok', { key: 'settled', done: true }]
    ])
  })

  it("the console's own 500 before it ended it: read back, said not ended, try again", async () => {
    const visit = await underWay()
    await demo.faults({ errorRate: { [UPDATE]: 1 } })
    const error = await refusal(app.call('visitors.endVisit', { id: visit.id }))
    expect(error.details).toMatchObject({ readBack: 'visit-not-ended', outcome: 'not-done' })
    expect(errorWordingOf(error)).toMatchObject({ message: 'READ_BACK.visit-not-ended.message', readBack: true })
    expect((await held(visit.id)).end_time).toBe(visit.end_time)
    await demo.clearFaults()
    await app.call('visitors.endVisit', { id: visit.id })
    expect((await held(visit.id)).end_time).toBeLessThanOrEqual(now())
  })
})
