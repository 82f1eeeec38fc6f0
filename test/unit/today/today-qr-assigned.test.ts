import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { kioskDoors } from '../../support/kiosk-visit'

interface Held {
  id: string
  qr?: string | null
}

/**
 * Today's access column knows every QR code this desk gave, not only those of a badge printed here:
 * the one QR assign (visitors/qr-assign.ts) records each code it gives, a lost answer read back too.
 */
describe("Today's access column after a QR code is assigned on Visitors", () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(() => demo.clearFaults())

  async function visitToday(first: string) {
    const from = Math.floor(Date.now() / 1000) - 600
    const { id } = (await app.call('visitors.create', {
      first_name: first,
      last_name: 'Okonkwo',
      visitor_company: 'Contoso',
      visit_reason: 'Business',
      start_time: from,
      end_time: from + 4 * 3600,
      week_schedule: null,
      resources: await kioskDoors(app)
    })) as { id: string }
    return id
  }
  const rowOf = async (id: string) =>
    ((await app.call('today.list')).rows as { id: string; credentials: { qr: boolean } }[]).find((r) => r.id === id)!
  const consoleQr = async (id: string) => (await demo.held<Held>('visitors')).find((v) => v.id === id)?.qr

  it('says QR code once Visitors assigned one, and no longer once it was revoked', async () => {
    const id = await visitToday('Chidi')
    expect((await rowOf(id)).credentials.qr).toBe(false)

    await app.call('visitors.assignQr', { id })
    expect(await consoleQr(id)).toBeTruthy()
    expect((await rowOf(id)).credentials.qr).toBe(true)

    await app.call('visitors.unassignQr', { id })
    expect(await consoleQr(id)).toBeFalsy()
    expect((await rowOf(id)).credentials.qr).toBe(false)
  })

  it('says QR code for an assign whose answer was lost and that was read back', async () => {
    const id = await visitToday('Ngozi')
    await demo.faults({ afterCommit: { reset: 1, paths: ['PUT /visitors/:id/qr_codes'] } })
    expect(await app.call('visitors.assignQr', { id })).toMatchObject({ assigned: true, readBack: true })
    expect(await consoleQr(id)).toBeTruthy()
    expect((await rowOf(id)).credentials.qr).toBe(true)
  })
})
