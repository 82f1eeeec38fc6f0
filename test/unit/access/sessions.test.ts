import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccessClient } from '../../../src/main/services/access/client'
import { failure, startDemo, type Demo } from './support'

describe('NFC enrollment sessions (E2–E4) and devices against the demo console', () => {
  let demo: Demo
  let client: AccessClient
  let readerId: string
  beforeAll(async () => {
    demo = await startDemo()
    client = demo.client()
    const devices = await client.devices.list()
    readerId = devices.find((d) => d.isReader && d.online && d.adopted)!.id
  })
  afterAll(async () => {
    await demo?.stop()
  })

  const tap = (nfcId: string, outcome?: string) =>
    demo.control('POST', '/__demo/taps', { device_id: readerId, nfc_id: nfcId, ...(outcome ? { outcome } : {}) })

  it('devices: flattened, each once, readers told apart', async () => {
    const devices = await client.devices.list()
    expect(new Set(devices.map((d) => d.id)).size).toBe(devices.length)
    expect(devices.some((d) => d.isReader)).toBe(true)
    expect(devices.some((d) => !d.isReader)).toBe(true)
    const { body } = await demo.control<{ data: { readers: { id: string }[] } }>('GET', '/__demo/state')
    expect(
      devices
        .filter((d) => d.isReader)
        .map((d) => d.id)
        .sort()
    ).toEqual(body.data.readers.map((r) => r.id).sort())
  })

  it('waits, then reads a tapped card, and removes the session (twice is fine)', async () => {
    const { sessionId } = await client.sessions.create({ deviceId: readerId, resetCard: false })
    expect(await client.sessions.poll(sessionId)).toEqual({ state: 'waiting' })
    await tap('04AABBCC112233')
    const done = await client.sessions.poll(sessionId)
    expect(done).toMatchObject({ state: 'done', token: expect.stringMatching(/^[0-9a-f]{64}$/) })
    if (done.state === 'done') {
      expect(done.cardId).not.toBe('')
      expect((await client.nfcCards.get(done.token)).token).toBe(done.token)
    }
    await client.sessions.remove(sessionId)
    await client.sessions.remove(sessionId)
    const gone = await failure(client.sessions.poll(sessionId))
    expect(gone).toMatchObject({ code: 'CODE_CREDS_NFC_READ_SESSION_NOT_FOUND', kind: 'not-found' })
  })

  it('reads card_id or id (live consoles) from the poll result', async () => {
    for (const pollResultField of ['id', 'card_id'] as const) {
      await demo.control('PUT', '/__demo/variants', { pollResultField })
      const { sessionId } = await client.sessions.create({ deviceId: readerId, resetCard: false })
      await tap(pollResultField === 'id' ? '04DDEEFF000001' : '04DDEEFF000002')
      const result = await client.sessions.poll(sessionId)
      expect(result.state).toBe('done')
      if (result.state === 'done') expect(result.cardId).toMatch(/\S/)
      await client.sessions.remove(sessionId)
    }
  })

  it('a short hold asks to hold longer; an unsupported card fails', async () => {
    const { sessionId } = await client.sessions.create({ deviceId: readerId, resetCard: false })
    await tap('04AB000000A1', 'too-short')
    expect(await client.sessions.poll(sessionId)).toEqual({ state: 'hold-longer' })
    await client.sessions.remove(sessionId)

    const second = await client.sessions.create({ deviceId: readerId, resetCard: false })
    await tap('04AB000000A2', 'invalid-card')
    const err = await failure(client.sessions.poll(second.sessionId))
    expect(err).toMatchObject({ kind: 'unsupported', code: 'CODE_CREDS_NFC_CARD_INVALID' })
    await client.sessions.remove(second.sessionId)
  })

  it('a card enrolled at another site needs the reset flag', async () => {
    const nfcId = '04CC0000000077'
    await demo.control('POST', '/__demo/cards/provisioned', { nfc_id: nfcId })
    const plain = await client.sessions.create({ deviceId: readerId, resetCard: false })
    await tap(nfcId)
    expect(await failure(client.sessions.poll(plain.sessionId))).toMatchObject({
      kind: 'conflict',
      code: 'CODE_CREDS_NFC_CARD_IS_PROVISION'
    })
    await client.sessions.remove(plain.sessionId)

    const reset = await client.sessions.create({ deviceId: readerId, resetCard: true })
    await tap(nfcId)
    expect((await client.sessions.poll(reset.sessionId)).state).toBe('done')
    await client.sessions.remove(reset.sessionId)
  })

  it('a hub or an unknown device cannot enroll; enrollment needs edit:credential', async () => {
    const hub = (await client.devices.list()).find((d) => !d.isReader)!
    expect((await failure(client.sessions.create({ deviceId: hub.id, resetCard: false }))).kind).toBe('unsupported')
    expect(await failure(client.sessions.create({ deviceId: '000000000000', resetCard: false }))).toMatchObject({
      kind: 'not-found',
      code: 'CODE_DEVICE_DEVICE_NOT_FOUND'
    })
    const denied = await failure(demo.client('view').sessions.create({ deviceId: readerId, resetCard: false }))
    expect(denied).toMatchObject({ kind: 'permission', details: { permission: 'edit:credential', endpoint: 'E2' } })
  })
})
