import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devicesOf, startDemo, type Demo } from './support'

describe('demo console: NFC enrollment as on a networked reader', () => {
  let demo: Demo
  let reader: string
  beforeAll(async () => {
    demo = await startDemo()
    reader = (await devicesOf(demo)).reader.id
  })
  afterAll(() => demo.stop())

  const create = (body: Record<string, unknown>) => demo.api('POST', '/credentials/nfc_cards/sessions', { body })
  const poll = (id: string) => demo.api('GET', `/credentials/nfc_cards/sessions/${id}`)
  const tap = (nfc_id: string, extra: Record<string, unknown> = {}) =>
    demo.control('POST', '/taps', { device_id: reader, nfc_id, ...extra })

  it('refuses hubs, unknown and offline devices with the official codes', async () => {
    const { hub, offlineReader } = await devicesOf(demo)
    expect((await create({ device_id: hub.id })).body.code).toBe('CODE_DEVICE_API_NOT_SUPPORTED')
    const unknown = await create({ device_id: 'ffffffffffff' })
    expect([unknown.status, unknown.body.code]).toEqual([404, 'CODE_DEVICE_DEVICE_NOT_FOUND'])
    expect((await create({ device_id: offlineReader.id })).body.code).toBe('CODE_DEVICE_DEVICE_OFFLINE')
    expect((await create({})).body.code).toBe('CODE_PARAMS_INVALID')
  })

  it('waits (HTTP 200, POLL_TOKEN_EMPTY) until a card is presented, then answers token and card_id', async () => {
    const created = await create({ device_id: reader, reset_ua_card: false })
    expect(created.status).toBe(200)
    const id = created.body.data.session_id as string
    const waiting = await poll(id)
    expect([waiting.status, waiting.body.code]).toEqual([200, 'CODE_CREDS_NFC_READ_POLL_TOKEN_EMPTY'])

    expect((await tap('04:a1:b2:c3:d4:e5:f6')).status).toBe(200)
    const done = await poll(id)
    expect(done.body.code).toBe('SUCCESS')
    expect(done.body.data.token).toMatch(/^[0-9a-f]{64}$/)
    expect(done.body.data.card_id).toMatch(/^\d+$/)
    const card = await demo.api('GET', `/credentials/nfc_cards/tokens/${done.body.data.token}`)
    expect(card.body.data).toMatchObject({ display_id: done.body.data.card_id, status: 'pending', user_id: '' })

    // The same card again (new session): same token, as the console knows it.
    expect((await demo.api('DELETE', `/credentials/nfc_cards/sessions/${id}`)).body.data).toBe('success')
    expect((await poll(id)).body.code).toBe('CODE_CREDS_NFC_READ_SESSION_NOT_FOUND')
    const again = (await create({ device_id: reader })).body.data.session_id as string
    await tap('04A1B2C3D4E5F6')
    expect((await poll(again)).body.data.token).toBe(done.body.data.token)
    await demo.api('DELETE', `/credentials/nfc_cards/sessions/${again}`)
  })

  it('answers `id` instead of `card_id` when the live-console variant is on', async () => {
    await demo.control('PUT', '/variants', { pollResultField: 'id' })
    try {
      const id = (await create({ device_id: reader })).body.data.session_id as string
      await tap('0A0B0C0D')
      const done = await poll(id)
      expect(done.body.data.id).toMatch(/^\d+$/)
      expect(done.body.data.card_id).toBeUndefined()
    } finally {
      await demo.control('PUT', '/variants', { pollResultField: 'card_id' })
    }
  })

  it('refuses a card provisioned at another site unless the session allows a reset (either flag name)', async () => {
    await demo.control('POST', '/cards/provisioned', { nfc_id: '11223344' })
    const refused = (await create({ device_id: reader })).body.data.session_id as string
    await tap('11223344')
    expect((await poll(refused)).body.code).toBe('CODE_CREDS_NFC_CARD_IS_PROVISION')

    const vendor = (await create({ device_id: reader, reset_vendor_card: true })).body.data.session_id as string
    await tap('11223344')
    expect((await poll(vendor)).body.code).toBe('SUCCESS')

    await demo.control('POST', '/cards/provisioned', { nfc_id: '55667788' })
    const ua = (await create({ device_id: reader, reset_ua_card: true })).body.data.session_id as string
    await tap('55667788')
    expect((await poll(ua)).body.code).toBe('SUCCESS')
  })

  it('answers PROVISION_FAILED once for a short hold, then waits again; a non-UA card is invalid', async () => {
    const id = (await create({ device_id: reader })).body.data.session_id as string
    await tap('99887766', { outcome: 'too-short' })
    expect((await poll(id)).body.code).toBe('CODE_CREDS_NFC_CARD_PROVISION_FAILED')
    expect((await poll(id)).body.code).toBe('CODE_CREDS_NFC_READ_POLL_TOKEN_EMPTY')
    await tap('99887766', { outcome: 'invalid-card' })
    expect((await poll(id)).body.code).toBe('CODE_CREDS_NFC_CARD_INVALID')
  })

  it('forgets unknown, superseded and expired sessions', async () => {
    expect((await poll('00000000-0000-4000-8000-000000000000')).body.code).toBe('CODE_CREDS_NFC_READ_SESSION_NOT_FOUND')
    const first = (await create({ device_id: reader })).body.data.session_id as string
    const second = (await create({ device_id: reader })).body.data.session_id as string
    expect((await poll(first)).body.code).toBe('CODE_CREDS_NFC_READ_SESSION_NOT_FOUND')
    expect((await poll(second)).body.code).toBe('CODE_CREDS_NFC_READ_POLL_TOKEN_EMPTY')
    await demo.api('DELETE', `/credentials/nfc_cards/sessions/${second}`)
    // A tap with nobody waiting is reported to the test, not silently dropped.
    expect((await tap('01020304')).status).toBe(404)
  })

  it('expires a session after its lifetime', async () => {
    const short = await startDemo({ sessionTtlMs: 150 })
    try {
      const { reader: r } = await devicesOf(short)
      const id = (await short.api('POST', '/credentials/nfc_cards/sessions', { body: { device_id: r.id } })).body.data
        .session_id as string
      expect((await short.api('GET', `/credentials/nfc_cards/sessions/${id}`)).body.code).toBe(
        'CODE_CREDS_NFC_READ_POLL_TOKEN_EMPTY'
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect((await short.api('GET', `/credentials/nfc_cards/sessions/${id}`)).body.code).toBe(
        'CODE_CREDS_NFC_READ_SESSION_NOT_FOUND'
      )
    } finally {
      await short.stop()
    }
  })
})
