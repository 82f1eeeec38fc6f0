import { describe, expect, it } from 'vitest'
import { control } from '../access/support'
import { useAppServices } from '../../support/app-services'

/** Writes to the console's cards made outside Cards: the inventory must not keep answering the old list. */
describe('card inventory after writes elsewhere in the app', () => {
  const app = useAppServices()
  const { events, call } = app
  const stale = () => events.filter((e) => e.event === 'cards.stale').map((e) => (e.payload as { what: string }).what)

  it('an import upload: cards.stale is announced and the inventory in main holds the console’s new cards', async () => {
    const before = (await app.services.cards.all()).cards.length
    const batch = await call('batches.create', { name: 'Lobby', aliasPattern: 'Lobby-{n:3}' })
    await call('batches.importCsv', { batchId: batch.id, text: '04A1A2A3A4A5A6,Lobby-a\n04A1A2A3A4A5A7,Lobby-b\n' })
    expect(await call('batches.upload', { batchId: batch.id })).toMatchObject({ imported: 2 })
    expect(stale()).toEqual(['importUpload'])
    const demo = await app.services.connections.demoConsole()
    const held = (await control<{ data: unknown[] }>(demo, 'GET', '/__demo/state/cards')).body.data
    const after = (await app.services.cards.all()).cards
    expect(after.length).toBe(before + 2)
    expect(after.length).toBe(held.length)
    expect(after.map((c: { alias: string }) => c.alias)).toEqual(expect.arrayContaining(['Lobby-a', 'Lobby-b']))
  })

  it('an enrollment: its card is in the inventory in main once the tap is done', async () => {
    const before = (await app.services.cards.all()).cards.length
    const client = await app.services.connections.client()
    const reader = (await client.devices.list()).find((d) => d.isReader && d.online)!
    await call('enroll.start', { deviceId: reader.id })
    const demo = await app.services.connections.demoConsole()
    await control(demo, 'POST', '/__demo/taps', { device_id: reader.id, nfc_id: '04B1B2B3B4B5B6' })
    const end = Date.now() + 10_000
    while (!stale().includes('enrollment') && Date.now() < end) await new Promise((r) => setTimeout(r, 50))
    expect(stale()).toContain('enrollment')
    expect((await app.services.cards.all()).cards.length).toBe(before + 1)
  })
})
