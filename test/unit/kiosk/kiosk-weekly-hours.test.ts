import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { request } from '../demo-console/support'
import { kioskDoors } from '../../support/kiosk-visit'

/**
 * The kiosk checks in a visit with a weekly schedule only around the hours its pass works, against
 * the demo console: Zoë's visit runs from 07:13 (Monday 23 Nov 2026) to Dec 19, Mon–Sat 09:00–17:00.
 * Only Date is faked (the console's HTTPS and timers run as ever).
 */
describe('the kiosk and a visit with weekly hours', () => {
  const app = useAppServices()
  afterEach(() => vi.useRealTimers())

  async function consoleVisitor(id: string): Promise<{ qr: string | null; status: string }> {
    const { profiles } = await app.call('connections.list')
    const url: string = profiles.find((p: { demo: boolean }) => p.demo).url
    const dir = join(app.services.dataDir, 'demo-console')
    const token = JSON.parse(await readFile(join(dir, 'tokens.json'), 'utf8')).full as string
    const ca = await readFile(join(dir, 'tls-cert.pem'), 'utf8')
    const answer = await request(url, ca, 'GET', '/__demo/state/visitors', { token })
    return answer.body.data.find((v: { id: string }) => v.id === id)
  }

  const s = (d: Date) => Math.floor(d.getTime() / 1000)
  const hours = [{ start_time: '09:00:00', end_time: '17:00:00' }]

  it('sends Zoë away at 06:48 with when her doors open, and at 08:10 checks her in saying her badge opens from 09:00', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 10, 23, 6, 48))
    const zoe = (await app.call('visitors.create', {
      first_name: 'Zoë',
      last_name: 'Lind',
      visit_reason: 'Business',
      start_time: s(new Date(2026, 10, 23, 7, 13)),
      end_time: s(new Date(2026, 11, 19, 17, 0)),
      // A door: the kiosk checks in no visit that opens nothing.
      resources: await kioskDoors(app),
      week_schedule: {
        sunday: [],
        monday: hours,
        tuesday: hours,
        wednesday: hours,
        thursday: hours,
        friday: hours,
        saturday: hours
      }
    })) as { id: string }
    const nine = s(new Date(2026, 10, 23, 9, 0))

    const early = await app.call('kiosk.find', { name: 'Zoe Lind' })
    expect(early.found).toEqual({
      kind: 'none',
      reason: 'not-now',
      refusal: { reason: 'too-early', startsAt: nine, hours: true }
    })
    await expect(app.call('kiosk.badge', { visitorId: zoe.id })).rejects.toMatchObject({
      code: 'KIOSK_VISIT_NOT_OPEN'
    })
    // Sent away: the kiosk wrote nothing to her visit.
    expect(await consoleVisitor(zoe.id)).toMatchObject({ qr: null })
    const log = JSON.parse(await readFile(join(app.services.dataDir, 'kiosk', 'checkins.json'), 'utf8')).entries
    expect(log.at(-1)).toMatchObject({
      visitorId: zoe.id,
      printed: false,
      refusal: { reason: 'too-early', hours: true }
    })

    vi.setSystemTime(new Date(2026, 10, 23, 8, 10))
    const found = await app.call('kiosk.find', { name: 'Zoe Lind' })
    expect(found.found).toMatchObject({ kind: 'one', visit: { visitorId: zoe.id, opensAt: nine } })
    const badge = await app.call('kiosk.badge', { visitorId: zoe.id })
    expect(badge).toMatchObject({ opensAt: nine, qrAssigned: true })
    const entry = await app.call('kiosk.checkIn', { visitorId: zoe.id, browser: { handedToDialog: true } })
    expect(entry).toMatchObject({ visitorId: zoe.id, printed: false, output: 'browser-print' })
    // The code the kiosk assigned is the console's.
    expect((await consoleVisitor(zoe.id)).qr).not.toBeNull()
  })
})
