import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { laterRows } from './settle-later-support'

interface HeldVisitor {
  id: string
  first_name: string
  last_name: string
  qr: string | null
}

const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the write to fail')
    },
    (err: { details?: Record<string, unknown> }) => err
  )

/**
 * A write whose answer was lost, and the read right after it failed too (the console went down): its
 * audit row is Unknown. Once the console answers again main reads it back by the write's kind, as it
 * does right after a lost answer, and the row says what the console holds, checked later, once.
 */
describe('an Unknown audit row is settled when the console answers again', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })

  const { rows, settled, consoleBack } = laterRows(app, demo)
  const visit = (first: string) => {
    const from = Math.floor(Date.now() / 1000) - 600
    return {
      first_name: first,
      last_name: 'Later',
      visit_reason: 'Business',
      start_time: from,
      end_time: from + 3600,
      week_schedule: null
    }
  }

  it('a visitor create the console carried out: the row reads Done, checked later, naming the visitor', async () => {
    // The create is done and its answer lost (a proxy's 502); every read after it fails (500).
    await demo.faults({ afterCommit: { status502: 1, paths: ['POST /visitors'] }, errorRate: { 'GET *': 1 } })
    const error = await refused(app.call('visitors.create', visit('Noor')))
    expect(error.details?.['answerLost']).toBe(true)
    const row = (await rows()).find((r) => r.action === 'create' && r.target.name?.startsWith('Noor Later'))!
    expect(row.outcome).toBe('unknown')

    await consoleBack()
    const held = (await demo.held<HeldVisitor>('visitors')).find((v) => v.first_name === 'Noor')!
    const after = await settled(row.id)
    expect(after.outcome).toBe('ok')
    expect(after.message).toMatch(/checked when the console answered again/)
    expect(after.detail).toContain(held.id)
  })

  it('a visitor create the console never carried out: the row reads Not done, checked later', async () => {
    // The connection is cut before the console does anything, and so is every read after it.
    await demo.faults({ resetRate: 1 })
    await refused(app.call('visitors.create', visit('Idris')))
    const row = (await rows()).find((r) => r.action === 'create' && r.target.name?.startsWith('Idris Later'))!
    expect(row.outcome).toBe('unknown')

    await consoleBack()
    const after = await settled(row.id)
    expect((await demo.held<HeldVisitor>('visitors')).some((v) => v.first_name === 'Idris')).toBe(false)
    expect(after.outcome).toBe('notDone')
    expect(after.message).toMatch(/not done.*checked when the console answered again/i)
  })

  it('a QR code given whose answer and read-back were lost: Done once the console answers, and only once', async () => {
    const { id } = (await app.call('visitors.create', visit('Sami'))) as { id: string }
    await demo.faults({
      afterCommit: { status502: 1, paths: ['PUT /visitors/:id/qr_codes'] },
      errorRate: { 'GET *': 1 }
    })
    await refused(app.call('visitors.assignQr', { id }))
    const row = (await rows()).find((r) => r.action === 'QR assignment' && r.target.id === id)!
    expect(row.outcome).toBe('unknown')

    await consoleBack()
    expect((await demo.held<HeldVisitor>('visitors')).find((v) => v.id === id)!.qr).toBeTruthy()
    const after = await settled(row.id)
    expect(after.outcome).toBe('ok')
    // Settled once: with the code taken back since, another return of the console changes nothing.
    await app.call('visitors.unassignQr', { id })
    await app.services.audit.settleLater()
    const again = (await rows()).find((r) => r.id === row.id)!
    expect(again).toMatchObject({ outcome: 'ok', message: after.message, detail: after.detail })
  })
})
