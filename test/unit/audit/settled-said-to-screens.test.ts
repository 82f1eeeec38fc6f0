import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { laterRows } from './settle-later-support'

/**
 * A write whose answer was lost is "may have done it" on the screen that sent it until main settles its
 * audit row by reading the console back: the error the screen gets names that row (`details.auditRow`),
 * and the settlement is said to the screens (`audit.settled`) as the Audit records it, once.
 */
describe('a settled write is said to the screens still showing its lost answer', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })
  const { rows, settled, consoleBack } = laterRows(app, demo)

  it('a visitor create cut before the console acted: the error names its row; Not done is said when read back', async () => {
    const from = Math.floor(Date.now() / 1000) - 600
    // The connection is cut before the console does anything, and so is every read after it.
    await demo.faults({ resetRate: 1 })
    const error = await app
      .call('visitors.create', {
        first_name: 'Ivo',
        last_name: 'Settled',
        visit_reason: 'Business',
        start_time: from,
        end_time: from + 3600,
        week_schedule: null
      })
      .then(
        () => {
          throw new Error('expected the create to fail')
        },
        (err: { details?: Record<string, unknown> }) => err
      )
    const row = (await rows()).find((r) => r.action === 'create' && r.target.name?.startsWith('Ivo Settled'))!
    expect(row.outcome).toBe('unknown')
    expect(error.details?.['answerLost']).toBe(true)
    expect(error.details?.['auditRow']).toBe(row.id)
    expect(app.events.filter((e) => e.event === 'audit.settled')).toEqual([])

    await consoleBack()
    expect((await settled(row.id)).outcome).toBe('notDone')
    // The console holds no such visitor: the screen may say "Not done" and that trying again is safe.
    expect((await demo.held<{ first_name: string }>('visitors')).some((v) => v.first_name === 'Ivo')).toBe(false)
    await expect
      .poll(() => app.events.filter((e) => e.event === 'audit.settled').map((e) => e.payload))
      .toEqual([{ rowId: row.id, done: false }])
  })
})
