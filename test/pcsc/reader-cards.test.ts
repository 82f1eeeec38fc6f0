import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeServices } from '../../src/main/services/node-app'
import { readerHandlers } from '../../src/main/handlers/reader'
import { startPcscd, type Pcscd } from '../support/pcscd'
import { ISO_14443_4_ATR, MIFARE_CLASSIC_ATR, VirtualCard, VPCD_READERS } from '../support/virtual-card'
import { tempDir } from '../support/temp'
import { EventLog } from './harness'
import { startDemoConsole } from '../../src/demo-console/server'

/** Real pcscd + vpcd + a virtual card, read through the reader handlers, supervisor and host. */
describe('reading cards through the reader host', () => {
  let pcscd: Pcscd
  let dir: Awaited<ReturnType<typeof tempDir>>
  let services: Awaited<ReturnType<typeof createNodeServices>>
  let reader: ReturnType<typeof readerHandlers>
  const log = new EventLog()
  const [slot0, slot1] = VPCD_READERS

  beforeAll(async () => {
    pcscd = await startPcscd()
    dir = await tempDir()
    services = await createNodeServices({ dataDir: dir.path, transport: 'test', startDemoConsole })
    services.events.subscribe(log.listener)
    reader = readerHandlers(services)
  })

  afterAll(async () => {
    await services?.close()
    await pcscd?.stop()
    await dir?.remove()
  })

  it('starts lazily and reports ready with both vpcd readers', async () => {
    expect(log.all).toHaveLength(0)
    const first = await reader['reader.status'](undefined)
    expect(first.state).toBe('starting')
    const ready = await log.next('reader.status', (s) => s.state === 'ready' && s.readers.length === 2)
    expect(ready.readers).toEqual([slot0, slot1])
    expect(ready.message).toMatch(/^Ready/)
    expect((await reader['reader.status'](undefined)).state).toBe('ready')
  })

  it('reads a MIFARE Classic UID and reports its removal', async () => {
    const card = new VirtualCard({ uid: '04a23b1c', atr: MIFARE_CLASSIC_ATR })
    await card.insert()
    const read = await log.next('reader.card')
    expect(read).toMatchObject({
      reader: slot0,
      uid: '04A23B1C',
      atr: MIFARE_CLASSIC_ATR,
      standard: 'TAG_ISO_14443_3',
      formats: { hex: '04A23B1C', reversed: '1C3BA204', decimal: '77740828' },
      randomUid: false
    })
    expect(read.problem).toBeUndefined()
    expect(Math.abs(read.at - Date.now())).toBeLessThan(5000)
    expect(card.apdus).toContain('FFCA000000')
    card.remove()
    const removed = await log.next('reader.removed')
    expect(removed).toMatchObject({ reader: slot0, uid: '04A23B1C' })
  })

  it('reports the same card tapped twice as two card events with the same UID', async () => {
    const card = new VirtualCard({ uid: '04112233445566' })
    for (let tap = 0; tap < 2; tap++) {
      await card.insert()
      const read = await log.next('reader.card')
      expect(read.uid).toBe('04112233445566')
      expect(read.formats.reversed).toBe('66554433221104')
      card.remove()
      await log.next('reader.removed')
    }
  })

  it('reads an ISO 14443-4 card (phone, DESFire) through its own GET UID, flagging a random UID', async () => {
    const card = new VirtualCard({ uid: '08C0FFEE', atr: ISO_14443_4_ATR })
    await card.insert()
    const read = await log.next('reader.card')
    expect(read).toMatchObject({ uid: '08C0FFEE', standard: 'TAG_ISO_14443_4', atr: ISO_14443_4_ATR, randomUid: true })
    card.remove()
    await log.next('reader.removed')
  })

  it('reports a UID of an impossible length with the reason', async () => {
    const card = new VirtualCard({ uid: '0102030405' })
    await card.insert()
    const read = await log.next('reader.card')
    expect(read.uid).toBe('0102030405')
    expect(read.problem).toMatch(/4, 7 or 10 bytes/)
    card.remove()
    await log.next('reader.removed')
  })

  it('sends the new and duplicate LED/buzzer patterns and ignores a reader without them', async () => {
    const card = new VirtualCard({ uid: '04A23B1C' })
    await card.insert()
    const read = await log.next('reader.card')
    expect(await reader['reader.feedback']({ reader: read.reader, kind: 'new' })).toEqual({ played: false })
    expect(await reader['reader.feedback']({ reader: read.reader, kind: 'duplicate' })).toEqual({ played: false })
    // vpcd answered 6D 00 to both: played false, no error, and the reader stays ready.
    expect(card.apdus.filter((a) => a.startsWith('FF0040'))).toEqual(['FF0040AE0401010101', 'FF00405C0402010201'])
    expect((await reader['reader.status'](undefined)).state).toBe('ready')
    card.remove()
    await log.next('reader.removed')
  })

  it('reports only the selected reader once one is chosen, and remembers it', async () => {
    const status = await reader['reader.select']({ reader: slot1 })
    expect(status).toMatchObject({ state: 'ready', selected: slot1 })
    expect(services.store.get('reader.selected')).toBe(slot1)
    const onSlot0 = new VirtualCard({ uid: '04000000', slot: 0 })
    const onSlot1 = new VirtualCard({ uid: '04111111', slot: 1 })
    await onSlot0.insert()
    await onSlot1.insert()
    const read = await log.next('reader.card')
    expect(read).toMatchObject({ reader: slot1, uid: '04111111' })
    onSlot0.remove()
    onSlot1.remove()
    await log.next('reader.removed')
    const all = log.all.filter((r) => r.event === 'reader.card').map((r) => (r.payload as { uid: string }).uid)
    expect(all).not.toContain('04000000')
    expect(await reader['reader.select']({ reader: null })).not.toHaveProperty('selected')
  })
})
