import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { createOnce } from '../../../src/main/services/visitors/create-check'
import type { AccessClient } from '../../../src/main/services/access/client'
import type { Visitor } from '../../../src/shared/access/visitors'
import { AppError } from '../../../src/shared/errors'
import type { AuditRow } from '../../../src/shared/audit/schemas'

let serial = 0
/** A visit no other test of this file creates (the name is the key the console is searched by). */
function visit() {
  serial++
  const start = Math.floor(Date.now() / 1000) + 3600 * serial
  return {
    first_name: `Lena${serial}`,
    last_name: 'Okafor',
    visit_reason: 'Business' as const,
    start_time: start,
    end_time: start + 7200
  }
}

/**
 * Creating a visitor when the console created it and its answer was lost (the demo console's
 * afterCommit fault, through the app's own client over real HTTPS). Without the check, trying again
 * made a second visitor (`visitors.create` twice: two records on the console); with it, the second
 * try finds the first and sends nothing.
 */
describe('visitor create when the console created it and the answer was lost', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const named = async (v: { first_name: string; last_name: string }) =>
    (await demo.held<{ id: string; first_name: string; last_name: string }>('visitors')).filter(
      (h) => h.first_name === v.first_name && h.last_name === v.last_name
    )
  /** The app's client, its E17 sends counted. */
  async function counted() {
    const client = await app.services.connections.client()
    const sent: string[] = []
    return {
      client,
      sent,
      create: (body: ReturnType<typeof visit>) => () => (sent.push(body.first_name), client.visitors.create(body))
    }
  }
  afterEach(async () => {
    await demo.clearFaults()
  })

  const createRows = async (first: string): Promise<AuditRow[]> =>
    ((await app.call('audit.list', { filter: {} })) as { items: AuditRow[] }).items.filter(
      (r) => r.endpoint.id === 'E17' && r.target.name?.startsWith(first)
    )

  for (const [fault, afterCommit] of [
    ['the connection is cut', { reset: 1 }],
    ["a proxy's 502 replaces the answer", { status502: 1 }]
  ] as const) {
    it(`${fault}: main reads the console back at once and answers with the visitor it created; one create sent`, async () => {
      const { client, sent, create } = await counted()
      const body = visit()
      await demo.faults({ afterCommit: { ...afterCommit, paths: ['POST /visitors'] } })
      const found = await createOnce(client, body, create(body))
      await demo.clearFaults()
      expect(found.readBack).toBe(true)
      expect(sent).toEqual([body.first_name])
      expect((await named(body)).map((v) => v.id)).toEqual([found.id])
    })
  }

  it('through the app (visitors.create, its answer lost): created (read back), one visitor, the audit row settled Done', async () => {
    const body = visit()
    await demo.faults({ afterCommit: { reset: 1, paths: ['POST /visitors'] } })
    const created = await app.call('visitors.create', body)
    await demo.clearFaults()
    expect(created).toMatchObject({ readBack: true, first_name: body.first_name, last_name: body.last_name })
    expect((await named(body)).map((v) => v.id)).toEqual([created.id])
    const rows = await createRows(body.first_name)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ outcome: 'ok' })
    expect(rows[0]!.message).toMatch(/reading it back shows this was done/)
  })

  it('through the app, the read-back failing too (the console down), then Retry: the visitor of the first try, read back; one visitor', async () => {
    const body = visit()
    await demo.faults({ afterCommit: { reset: 1, paths: ['POST /visitors'], thenDown: true } })
    await expect(app.call('visitors.create', body)).rejects.toMatchObject({ kind: 'network' })
    await demo.clearFaults()
    // Retry: the first try is the one that counted, and the answer says it was read back (the one read-back sentence).
    const again = await app.call('visitors.create', body)
    const held = await named(body)
    expect(held.map((v) => v.id)).toEqual([again.id])
    expect(again).toMatchObject({ readBack: true, first_name: body.first_name })
  })

  it('a create cut off, and its read-back too, then read back Not done when the console answered: the try again reads nothing first', async () => {
    const { client, sent, create } = await counted()
    const body = visit()
    await demo.faults({ resetRate: 1 })
    await expect(createOnce(client, body, create(body))).rejects.toMatchObject({ code: 'ECONNRESET' })
    await demo.clearFaults()
    // The console answers again: the row is read back (Not done) before the person tries again.
    await app.call('connections.reach', { recheck: true })
    await expect.poll(async () => (await createRows(body.first_name))[0]?.outcome, { timeout: 10_000 }).toBe('notDone')
    // Every read of the visitor list from here, whoever makes it: the trail says Not done, so none.
    const all = client.visitors.all
    let reads = 0
    client.visitors.all = (...args) => (reads++, all(...args))
    try {
      const created = await createOnce(client, body, create(body))
      expect(sent).toHaveLength(2)
      expect((await named(body)).map((v) => v.id)).toEqual([created.id])
    } finally {
      client.visitors.all = all
    }
    expect(reads).toBe(0)
    expect((await createRows(body.first_name)).map((r) => r.outcome)).toEqual(['ok', 'notDone'])
  })

  it('a create cut off before the console created anything: the try again creates it, once', async () => {
    const { client, sent, create } = await counted()
    const body = visit()
    await demo.faults({ resetRate: 1 })
    await expect(createOnce(client, body, create(body))).rejects.toMatchObject({ code: 'ECONNRESET' })
    expect(await named(body)).toEqual([])
    await demo.clearFaults()
    const created = await createOnce(client, body, create(body))
    expect(sent).toHaveLength(2)
    expect((await named(body)).map((v) => v.id)).toEqual([created.id])
  })
})

/** When the check asks the console, and when it does not (a fake client: no console needed). */
describe('createOnce: which creates are read back', () => {
  const body = visit()
  const lost = new AppError({ kind: 'network', code: 'ECONNRESET', message: 'cut', retryable: true })
  const refused = new AppError({ kind: 'validation', code: 'CODE_PARAMS_INVALID', message: 'bad' })
  const held: Visitor = {
    ...body,
    id: 'v1',
    nfc_cards: [],
    pin_code: null,
    schedule: null,
    resources: [],
    license_plates: []
  }
  /** A console holding `held` (and another window); its reads fail while `down`. */
  function fake(holds = true) {
    const reads: unknown[] = []
    const state = { down: false }
    const client = {
      visitors: {
        all: async (input: unknown) => {
          reads.push(input)
          if (state.down) throw lost
          return [
            { ...held, id: 'other', end_time: body.end_time + 60 },
            ...(holds ? [{ ...held, first_name: body.first_name.toUpperCase() }] : [])
          ]
        }
      }
    } as unknown as Pick<AccessClient, 'visitors'>
    return { client, reads, state }
  }
  const failing = (error: AppError) => () => Promise.reject(error)
  const creating = () => Promise.resolve({ ...held, id: 'new' })

  it('an ordinary create, or one after a refusal, reads nothing first', async () => {
    const { client, reads } = fake()
    expect((await createOnce(client, body, creating)).id).toBe('new')
    await expect(createOnce(client, body, failing(refused))).rejects.toBe(refused)
    expect((await createOnce(client, body, creating)).id).toBe('new')
    expect(reads).toEqual([])
  })

  it('a lost answer is read back at once: the visitor of the same name (any case) and window, settled as created', async () => {
    const { client, reads } = fake()
    const found = await createOnce(client, { ...body, last_name: ' okafor ' }, failing(lost))
    expect(found).toMatchObject({ id: 'v1', readBack: true })
    expect(reads).toEqual([{ keyword: body.first_name }])
    // Found: a next create of the same visit is the person's own decision, sent as usual.
    expect((await createOnce(client, body, creating)).id).toBe('new')
    expect(reads).toHaveLength(1)
  })

  it('a lost answer read back with no such visitor: "not created", safe to try again', async () => {
    const { client } = fake(false)
    await expect(createOnce(client, body, failing(lost))).rejects.toMatchObject({
      message: expect.stringMatching(/^The visitor was not created/),
      hint: expect.stringMatching(/trying again is safe/),
      details: expect.objectContaining({ outcome: 'not-done', answerLost: true })
    })
  })

  it('a lost answer whose read-back fails too: still unknown, thrown as it came; nothing is held here', async () => {
    const { client, reads, state } = fake()
    state.down = true
    await expect(createOnce(client, body, failing(lost))).rejects.toBe(lost)
    state.down = false
    // The next create is sent: whether it is the same visit is the audit's same-write rule's to say
    // (test/unit/audit/same-write.test.ts), read from the trail in this run and after a restart alike.
    expect((await createOnce(client, body, creating)).id).toBe('new')
    expect(reads).toHaveLength(1)
  })

  it("the same-write rule's DONE_BEFORE: the visitor the earlier try made, read back; none found: the refusal as it came", async () => {
    const doneBefore = new AppError({ kind: 'conflict', code: 'DONE_BEFORE', message: 'done before' })
    expect(await createOnce(fake().client, body, failing(doneBefore))).toMatchObject({ id: 'v1', readBack: true })
    await expect(createOnce(fake(false).client, body, failing(doneBefore))).rejects.toBe(doneBefore)
  })
})
