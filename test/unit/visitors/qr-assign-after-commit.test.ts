import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'

interface HeldVisitor {
  id: string
  qr: string | null
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47]

/**
 * A walk-in's first badge: the QR code is assigned (§4.11) and the console's answer is lost (the demo
 * console's afterCommit fault: it assigned the code, then answered 502). As with a lost create, main
 * reads the console back: the code is there, so the badge goes on with it, said as read back.
 */
describe('QR code assignment whose answer was lost', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })

  const walkIn = (first: string) => {
    const from = Math.floor(Date.now() / 1000) - 600
    return app.call('visitors.create', {
      first_name: first,
      last_name: 'Moana',
      visit_reason: 'Business',
      start_time: from,
      end_time: from + 3 * 3600,
      week_schedule: null
    }) as Promise<{ id: string }>
  }

  it('the console assigned it: the code is read back and the badge goes on with it', async () => {
    const { id } = await walkIn('Rangi')
    await demo.faults({ afterCommit: { status502: 1, paths: ['PUT /visitors/:id/qr_codes'] } })
    const answer = await app.call('visitors.assignQr', { id })
    expect(answer).toEqual({ assigned: true, readBack: true })
    const { pngBase64 } = await app.call('visitors.qrCode', { id, assign: false })
    expect([...Buffer.from(pngBase64, 'base64').subarray(0, 4)]).toEqual(PNG_MAGIC)
    // The console holds it.
    expect((await demo.held<HeldVisitor>('visitors')).find((v) => v.id === id)!.qr).toBeTruthy()
  })
})
