import { describe, expect, it } from 'vitest'
import { control } from '../access/support'
import { useAppServices } from '../../support/app-services'

/** The batches.* and enroll.* channels through the real dispatch (zod on inputs) and the built-in demo console. */
describe('batches and enroll channels', () => {
  const app = useAppServices()
  const { events, call } = app

  it('scan, duplicate, CSV, export and upload through the channels', async () => {
    const batch = await call('batches.create', { name: 'Lobby', aliasPattern: 'Lobby-{n:3}' })
    expect(batch).toMatchObject({ state: 'draft', aliasPattern: 'Lobby-{n:3}' })
    await expect(call('batches.create', { name: 'x', aliasPattern: 'no placeholder' })).rejects.toMatchObject({
      code: 'INVALID_INPUT'
    })
    expect(await call('batches.addScan', { batchId: batch.id, uid: '04C1C2C3' })).toMatchObject({
      duplicate: false,
      row: { alias: 'Lobby-001' }
    })
    expect((await call('batches.addScan', { batchId: batch.id, uid: '04c1c2c3' })).duplicate).toBe(true)
    const preview = await call('batches.previewCsv', { text: '04C1C2C3,A\n04C1C2C4,B\n', batchId: batch.id })
    expect(preview.rows.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'ok'])
    expect((await call('batches.importCsv', { batchId: batch.id, text: '04C1C2C4,Lobby-x\n' })).added).toBe(1)
    await expect(call('batches.previewCsv', { text: 'x'.repeat(20 * 1024 * 1024 + 1) })).rejects.toMatchObject({
      code: 'INVALID_INPUT'
    })
    expect(await call('batches.exportCsv', { batchId: batch.id, which: 'all' })).toMatchObject({
      filename: 'Lobby.csv',
      text: 'NFC ID (as sent to the console),Alias\n04C1C2C3,Lobby-001\n04C1C2C4,Lobby-x\n'
    })
    const result = await call('batches.upload', { batchId: batch.id })
    expect(result).toMatchObject({ sent: 2, imported: 2 })
    const list = await call('batches.list')
    expect(list.batches[0]).toMatchObject({ id: batch.id, state: 'imported', counts: { imported: 2 } })
    expect(events.some((e) => e.event === 'batches.uploadProgress')).toBe(true)
    expect(events.some((e) => e.event === 'batches.changed')).toBe(true)
  })

  it('enroll.start → enroll.progress → enroll.cancel on the built-in demo console', async () => {
    const client = await app.services.connections.client()
    const reader = (await client.devices.list()).find((d) => d.isReader && d.online)!
    const { enrollmentId } = await call('enroll.start', { deviceId: reader.id })
    const demo = await app.services.connections.demoConsole()
    await control(demo, 'POST', '/__demo/taps', { device_id: reader.id, nfc_id: '04C1C2C3C4C5C6' })
    const end = Date.now() + 10_000
    const done = () =>
      events.find((e) => e.event === 'enroll.progress' && (e.payload as { state: string }).state === 'done')
    while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50))
    expect(done()!.payload).toMatchObject({ enrollmentId, card: { token: expect.any(String) } })
    expect(await call('enroll.cancel', { enrollmentId })).toEqual({ cancelled: false })
  })
})
