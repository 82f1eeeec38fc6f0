import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AccessClient } from '../../../src/main/services/access/client'
import { EnrollmentService } from '../../../src/main/services/enrollment/enrollment'
import type { EnrollProgress } from '../../../src/shared/enroll/schemas'
import { probeEditPermission } from '../../../src/main/services/access/permission-probe'
import { nfcUidFormats } from '../../../src/shared/nfc/uid'
import { failure, startDemo, type Demo } from '../access/support'

/** Server-side enrollment (E2–E4) against the demo console over HTTPS, real timers. */
describe('enrollment service', () => {
  let demo: Demo
  let client: AccessClient
  let readerId: string
  let events: EnrollProgress[]
  let sessionIds: string[]
  let service: EnrollmentService

  beforeAll(async () => {
    demo = await startDemo()
    client = demo.client()
    readerId = (await client.devices.list()).find((d) => d.isReader && d.online && d.adopted)!.id
    // Remember the console's session ids so the tests can check they were deleted.
    const create = client.sessions.create.bind(client.sessions)
    client.sessions.create = async (...args) => {
      const created = await create(...args)
      sessionIds.push(created.sessionId)
      return created
    }
  })
  afterAll(async () => {
    await service?.close()
    await demo?.stop()
  })
  beforeEach(() => {
    events = []
    sessionIds = []
    service = new EnrollmentService({
      client: async () => client,
      emit: (event, payload) => {
        if (event === 'enroll.progress') events.push(payload as EnrollProgress)
      },
      pollIntervalMs: 100
    })
  })

  const until = async (predicate: () => boolean, what: string, ms = 10_000) => {
    const end = Date.now() + ms
    while (!predicate()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; events: ${JSON.stringify(events)}`)
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  const final = (id: string) =>
    events.find((e) => e.enrollmentId === id && !['waiting', 'hold-longer'].includes(e.state))
  const tap = (nfcId: string, outcome?: string) =>
    demo.control('POST', '/__demo/taps', { device_id: readerId, nfc_id: nfcId, ...(outcome ? { outcome } : {}) })
  const sessionGone = async (sessionId: string) =>
    expect(await failure(client.sessions.poll(sessionId))).toMatchObject({
      code: 'CODE_CREDS_NFC_READ_SESSION_NOT_FOUND'
    })
  const activeSessions = async () =>
    (await demo.control<{ data: { sessions: number } }>('GET', '/__demo/state')).body.data.sessions

  it('waits, asks to hold longer, reads the card, deletes the session; the card can be given to a user', async () => {
    const { enrollmentId } = await service.start({ deviceId: readerId })
    await until(() => events.some((e) => e.state === 'waiting'), 'waiting')
    expect(events[0]).toMatchObject({ enrollmentId, deviceId: readerId, state: 'waiting', secondsLeft: 60 })
    await tap('04A0B0C0D0E001', 'too-short')
    await until(() => events.some((e) => e.state === 'hold-longer'), 'hold-longer')
    await tap('04A0B0C0D0E001')
    await until(() => final(enrollmentId) !== undefined, 'the end')
    const done = final(enrollmentId)!
    expect(done).toMatchObject({ state: 'done', card: { token: expect.stringMatching(/^[0-9a-f]{64}$/) } })
    expect(done.card!.cardId).not.toBe('')
    await sessionGone(sessionIds[0]!)
    expect(await activeSessions()).toBe(0)

    const user = (await client.users.list({ page: 1, pageSize: 5 })).items[0]!
    expect(await service.assign({ token: done.card!.token, owner: { type: 'user', id: user.id } })).toEqual({
      assigned: true
    })
    expect((await client.users.get(user.id)).nfc_cards.map((c) => c.token)).toContain(done.card!.token)

    // "Enroll next": start again on the same reader.
    const next = await service.start({ deviceId: readerId })
    await tap('04A0B0C0D0E002')
    await until(() => final(next.enrollmentId) !== undefined, 'the next card')
    expect(final(next.enrollmentId)!.card!.token).not.toBe(done.card!.token)
  })

  it('cancel deletes the session before it resolves', async () => {
    const { enrollmentId } = await service.start({ deviceId: readerId })
    await until(() => events.length > 0, 'waiting')
    expect(await service.cancel(enrollmentId)).toEqual({ cancelled: true })
    expect(final(enrollmentId)).toMatchObject({ state: 'cancelled' })
    await sessionGone(sessionIds[0]!)
    expect(await service.cancel(enrollmentId)).toEqual({ cancelled: false })
  })

  it('a card enrolled elsewhere fails with the code that offers a reset; a retry with reset enrolls it', async () => {
    const nfcId = '04A0B0C0D0E0F1'
    await demo.control('POST', '/__demo/cards/provisioned', { nfc_id: nfcId })
    const first = await service.start({ deviceId: readerId })
    await tap(nfcId)
    await until(() => final(first.enrollmentId) !== undefined, 'the refusal')
    expect(final(first.enrollmentId)).toMatchObject({
      state: 'failed',
      error: { code: 'CODE_CREDS_NFC_CARD_IS_PROVISION', kind: 'conflict', details: { canReset: true } }
    })
    expect(final(first.enrollmentId)!.error!.hint).toMatch(/reset/i)
    await sessionGone(sessionIds[0]!)

    const retry = await service.start({ deviceId: readerId, resetCard: true })
    await tap(nfcId)
    await until(() => final(retry.enrollmentId) !== undefined, 'the reset enrollment')
    expect(final(retry.enrollmentId)).toMatchObject({ state: 'done' })
  })

  it('an unsupported card fails and says so', async () => {
    const { enrollmentId } = await service.start({ deviceId: readerId })
    await tap('04A0B0C0D0E0F2', 'invalid-card')
    await until(() => final(enrollmentId) !== undefined, 'the failure')
    expect(final(enrollmentId)).toMatchObject({ state: 'failed', error: { code: 'CODE_CREDS_NFC_CARD_INVALID' } })
    await sessionGone(sessionIds[0]!)
  })

  it('times out (short timeout option) and deletes the session', async () => {
    const short = new EnrollmentService({
      client: async () => client,
      emit: (event, payload) => {
        if (event === 'enroll.progress') events.push(payload as EnrollProgress)
      },
      pollIntervalMs: 100,
      timeoutMs: 700
    })
    const { enrollmentId } = await short.start({ deviceId: readerId })
    await until(() => final(enrollmentId) !== undefined, 'the timeout')
    expect(final(enrollmentId)).toMatchObject({ state: 'timeout', secondsLeft: 0, error: { code: 'ENROLL_TIMEOUT' } })
    await sessionGone(sessionIds[0]!)
    // Polls happened while waiting, counting down.
    expect(events.filter((e) => e.enrollmentId === enrollmentId && e.state === 'waiting').length).toBeGreaterThan(2)
  })

  it('a second start on the same reader replaces the first (its session is deleted)', async () => {
    const first = await service.start({ deviceId: readerId })
    const second = await service.start({ deviceId: readerId })
    expect(final(first.enrollmentId)).toMatchObject({ state: 'cancelled' })
    await sessionGone(sessionIds[0]!)
    await service.cancel(second.enrollmentId)
    expect(await activeSessions()).toBe(0)
  })

  it('once it asked to keep holding, later "no card yet" answers do not send the person back a step', async () => {
    const { enrollmentId } = await service.start({ deviceId: readerId })
    await until(() => events.some((e) => e.state === 'waiting'), 'waiting')
    await tap('04A0B0C0D0E003', 'too-short')
    await until(() => events.some((e) => e.state === 'hold-longer'), 'hold-longer')
    // The console answers PROVISION_FAILED once, then POLL_TOKEN_EMPTY again (several polls).
    const seen = events.length
    await until(() => events.length >= seen + 3, 'more polls')
    const after = events.slice(events.findIndex((e) => e.state === 'hold-longer'))
    expect(after.map((e) => e.state)).not.toContain('waiting')
    await service.cancel(enrollmentId)
  })

  it('the card is numbered by its UID: the poll answers the UID in decimal', async () => {
    const { enrollmentId } = await service.start({ deviceId: readerId })
    await tap('04:a0:b0:c0:d0:e0:04')
    await until(() => final(enrollmentId) !== undefined, 'the read')
    expect(final(enrollmentId)!.card!.cardId).toBe(nfcUidFormats('04A0B0C0D0E004').decimal)
  })

  it('says without creating a session whether the token may enroll, naming the missing key', async () => {
    const viewOnly = new EnrollmentService({
      client: async () => demo.client('view'),
      emit: () => undefined,
      probe: () => probeEditPermission(demo.client('view'), 'edit:credential')
    })
    const full = new EnrollmentService({
      client: async () => client,
      emit: () => undefined,
      probe: () => probeEditPermission(client, 'edit:credential')
    })
    expect(await viewOnly.capabilities()).toEqual({ canEnroll: false, missingPermission: 'edit:credential' })
    expect(await full.capabilities()).toEqual({ canEnroll: true })
    expect(await activeSessions()).toBe(0)
    expect(sessionIds).toEqual([])
  })
})
