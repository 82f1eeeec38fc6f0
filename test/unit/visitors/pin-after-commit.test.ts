import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'

interface HeldVisitor {
  id: string
  pin_hash?: string | null
}

/**
 * Visitors' "Generate and assign PIN" whose answer is lost after the console gave the PIN (the demo
 * console's afterCommit fault): main reads the visitor back as the PINs screen does; their PIN changed just
 * now, so the PIN generated is the one they hold: answered with it, said as read back.
 */
describe("Visitors' PIN whose answer was lost", () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })

  it('the console gave it: the PIN is answered, read back, and the console holds a PIN', async () => {
    const from = Math.floor(Date.now() / 1000) - 600
    const { id } = (await app.call('visitors.create', {
      first_name: 'Jonas',
      last_name: 'Kurz',
      visit_reason: 'Business',
      start_time: from,
      end_time: from + 3 * 3600,
      week_schedule: null
    })) as { id: string }
    await demo.faults({ afterCommit: { reset: 1, paths: ['PUT /visitors/*'] } })
    const answer = (await app.call('visitors.assignNewPin', { id, seen: { hasPin: false } })) as {
      pin: string
      readBack?: true
    }
    expect(answer.readBack).toBe(true)
    expect(answer.pin).toMatch(/^\d+$/)
    await demo.clearFaults()
    expect((await demo.held<HeldVisitor>('visitors')).find((v) => v.id === id)!.pin_hash).toBeTruthy()
  })
})
