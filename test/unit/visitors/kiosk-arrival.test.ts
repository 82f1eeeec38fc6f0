import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { shownStatus } from '../../../src/shared/today/groups'
import { visitorStateWords } from '../../../src/shared/visitors/states'
import { useAppServices } from '../../support/app-services'
import { request } from '../demo-console/support'
import { kioskDoors } from '../../support/kiosk-visit'

const nowSeconds = () => Math.floor(Date.now() / 1000)

/**
 * Visitors says what Today says of a visitor checked in at the kiosk: the console keeps her ACTIVE
 * (the API cannot set VISITING), and Visitors listed her as Expected while Today put her under Here.
 * Through the real dispatch against the built-in demo console.
 */
describe('a kiosk check-in on Visitors', () => {
  const app = useAppServices()

  async function consoleVisitor(id: string): Promise<{ status: string }> {
    const { profiles } = await app.call('connections.list')
    const url: string = profiles.find((p: { demo: boolean }) => p.demo).url
    const dir = join(app.services.dataDir, 'demo-console')
    const token = JSON.parse(await readFile(join(dir, 'tokens.json'), 'utf8')).full as string
    const ca = await readFile(join(dir, 'tls-cert.pem'), 'utf8')
    const answer = await request(url, ca, 'GET', '/__demo/state/visitors', { token })
    return (answer.body.data as { id: string; status: string }[]).find((v) => v.id === id)!
  }

  it('lists and shows her as Here, as Today groups her, while the console holds her ACTIVE', async () => {
    const from = nowSeconds() - 600
    const create = async (first: string) =>
      app.call('visitors.create', {
        first_name: first,
        last_name: 'Kowhai',
        visitor_company: 'Initech',
        visit_reason: 'Business',
        start_time: from,
        end_time: from + 4 * 3600,
        week_schedule: null,
        // A door: the kiosk checks in no visit that opens nothing.
        resources: await kioskDoors(app)
      }) as Promise<{ id: string }>
    const arrived = await create('Aroha')
    const waiting = await create('Manu')

    await app.call('kiosk.badge', { visitorId: arrived.id })
    await app.call('kiosk.checkIn', { visitorId: arrived.id, browser: { handedToDialog: true } })

    // The console's state: still ACTIVE (nothing the desk can write says she arrived).
    expect((await consoleVisitor(arrived.id)).status).toBe('ACTIVE')

    const listed = await app.call('visitors.list', { keyword: 'Kowhai', page: 1, pageSize: 25 })
    const row = (id: string) => listed.items.find((v: { id: string }) => v.id === id)
    expect(row(arrived.id)).toMatchObject({ status: 'ACTIVE', deskArrival: { where: 'kiosk' } })
    expect(row(waiting.id)).toMatchObject({ status: 'ACTIVE', deskArrival: null })
    // The word the list and details show, by Today's rule.
    expect(visitorStateWords[shownStatus(row(arrived.id))!]).toBe('Here')
    expect(visitorStateWords[shownStatus(row(waiting.id))!]).toBe('Expected')

    const details = await app.call('visitors.get', { id: arrived.id })
    expect(visitorStateWords[shownStatus(details)!]).toBe('Here')

    // Today says the same of both.
    const today = await app.call('today.list')
    const group = (id: string) => today.rows.find((r: { id: string }) => r.id === id)?.group
    expect(group(arrived.id)).toBe('here')
    expect(group(waiting.id)).toBe('expected')
  })

  it('an edit saved after her kiosk check-in answers her still Here, and the console holds the edit', async () => {
    const from = nowSeconds() - 600
    const arrived = (await app.call('visitors.create', {
      first_name: 'Hine',
      last_name: 'Kowhai',
      visit_reason: 'Business',
      start_time: from,
      end_time: from + 4 * 3600,
      week_schedule: null,
      // A door: the kiosk checks in no visit that opens nothing.
      resources: await kioskDoors(app)
    })) as { id: string }
    await app.call('kiosk.badge', { visitorId: arrived.id })
    await app.call('kiosk.checkIn', { visitorId: arrived.id, browser: { handedToDialog: true } })

    // The Visitors screen shows the edit's answer in place of the row it had: it carries her arrival.
    const saved = await app.call('visitors.update', {
      id: arrived.id,
      edit: { base: { visitor_company: '' }, changes: { visitor_company: 'Kauri Labs' } }
    })
    expect(saved).toMatchObject({ outcome: 'saved', record: { deskArrival: { where: 'kiosk' } } })
    expect(visitorStateWords[shownStatus(saved.record)!]).toBe('Here')
    const held = (await consoleVisitor(arrived.id)) as { status: string; visitor_company: string }
    expect(held).toMatchObject({ status: 'ACTIVE', visitor_company: 'Kauri Labs' })
  })
})
