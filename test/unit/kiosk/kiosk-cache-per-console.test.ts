import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { kioskDoors } from '../../support/kiosk-visit'
import { activeSecondConsole } from '../../support/second-console'
import type { KioskFound, KioskSource } from '../../../src/shared/kiosk/schemas'

/**
 * The kiosk's memory of today's visitors is one console's, as its check-in log is: after a switch to a
 * console that does not answer, the kiosk works offline from nothing — never from the visits of the
 * console it was on before (a visitor of A checked in at B's kiosk, with A's QR code on the badge).
 */
describe("the kiosk's cache after a switch of console", () => {
  const app = useAppServices()

  it('a visit read on console A is not found on console B while B does not answer; back on A it is', async () => {
    const now = Math.floor(Date.now() / 1000)
    await app.call('visitors.create', {
      first_name: 'Noa',
      last_name: 'Here',
      visitor_company: 'Fabrikam',
      visit_reason: 'Business',
      start_time: now - 3600,
      end_time: now + 4 * 3600,
      week_schedule: null,
      resources: await kioskDoors(app)
    })
    const { activeId: home } = await app.call('connections.list')
    const onA = (await app.call('kiosk.find', { name: 'Noa Here' })) as { found: KioskFound; source: KioskSource }
    expect(onA.found.kind).not.toBe('none')

    // Console B is saved and chosen, then stops answering: the kiosk is offline on B.
    const other = await activeSecondConsole(app)
    await other.stop()

    const onB = await app
      .call('kiosk.find', { name: 'Noa Here' })
      .then((answer) => (answer as { found: KioskFound }).found.kind)
      .catch((err: unknown) => `refused: ${(err as { code?: string }).code ?? String(err)}`)
    expect(onB === 'none' || onB.startsWith('refused:'), `on B: ${onB}`).toBe(true)
    const { source } = (await app.call('kiosk.refresh', undefined)) as { source: KioskSource }
    expect(source.visitors).toBe(0)

    await app.services.connections.select(home!)
    const back = (await app.call('kiosk.find', { name: 'Noa Here' })) as { found: KioskFound }
    expect(back.found.kind).not.toBe('none')
  })
})
