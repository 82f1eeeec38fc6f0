import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDemoConsole } from '../../../src/demo-console/server'
import { createHandlers } from '../../../src/main/handlers'
import { createDispatch } from '../../../src/main/services/ipc/dispatch'
import { createNodeServices } from '../../../src/main/services/node-app'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import { tempDir } from '../../support/temp'
import { control } from '../access/support'

interface HeldVisitor {
  id: string
  first_name: string
  last_name: string
  qr: string | null
}

/**
 * A write whose answer was lost leaves its audit row Unknown; main then stops (a restart of web mode,
 * a kill) before anything read it back. The next run on the same data folder — a second service graph,
 * nothing held in memory of the first — reads that row back by what its begin line kept, by the same
 * rules as before the restart: when the console answers again, and before the same write is sent again.
 * Over real HTTPS against the demo console, whose state (kept in the data folder) is asserted.
 */
describe('a write whose answer was lost, after a restart of main', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  beforeAll(async () => {
    dir = await tempDir('lost-write-restart-')
  })
  afterAll(async () => {
    await dir?.remove()
  })
  /** A run a failed test left open is closed: the next test's run takes the data folder. */
  const open = new Set<{ close(): Promise<void> }>()
  afterEach(async () => {
    for (const services of open) await services.close()
    open.clear()
  })

  /** One run of main on the data folder: its channels, its events, its demo console's control API. */
  async function run() {
    const services = await createNodeServices({ dataDir: dir.path, transport: 'test', startDemoConsole })
    open.add(services)
    const events: { event: string; payload: unknown }[] = []
    services.events.subscribe((event, payload) => events.push({ event, payload }))
    const dispatch = createDispatch(createHandlers(services))
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const call = async (channel: string, input?: unknown): Promise<any> => {
      const envelope = await dispatch(channel, input)
      if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), envelope.error)
      return envelope.result
    }
    const demo = async <T>(method: string, path: string, body?: unknown) =>
      (await control<{ data: T }>(await services.connections.demoConsole(), method, path, body)).body.data
    const rows = async (): Promise<AuditRow[]> =>
      ((await call('audit.list', { filter: {} })) as { items: AuditRow[] }).items
    const settledSaid = () => events.filter((e) => e.event === 'audit.settled').map((e) => e.payload)
    const stop = async () => {
      open.delete(services)
      await services.close()
    }
    return { services, call, demo, rows, settledSaid, stop }
  }

  const refused = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the write to fail')
      },
      (err: { code?: string; details?: Record<string, unknown> }) => err
    )
  let serial = 0
  const visit = (first: string) => {
    const from = Math.floor(Date.now() / 1000) + 600 + 60 * ++serial
    return {
      first_name: first,
      last_name: 'Schröder',
      visitor_company: 'Northwind',
      visit_reason: 'Business',
      start_time: from,
      end_time: from + 3600,
      week_schedule: null
    }
  }

  it('a visitor create the console carried out: after the restart, Create again sends nothing and answers the visitor', async () => {
    const first = await run()
    const lena = visit('Lena')
    await first.demo('PUT', '/__demo/faults', {
      afterCommit: { reset: 1, paths: ['POST /visitors'], thenDown: true }
    })
    const error = await refused(first.call('visitors.create', lena))
    expect(error.details?.['answerLost']).toBe(true)
    const rowId = error.details?.['auditRow'] as string
    expect((await first.rows()).find((r) => r.id === rowId)?.outcome).toBe('unknown')
    await first.stop()

    const second = await run()
    // The form kept across the restart is sent again, before anything else asked the console.
    const answer = await second.call('visitors.create', lena)
    expect(answer).toMatchObject({ first_name: 'Lena', readBack: true })
    const held = (await second.demo<HeldVisitor[]>('GET', '/__demo/state/visitors')).filter(
      (v) => v.first_name === 'Lena' && v.last_name === 'Schröder'
    )
    expect(held).toHaveLength(1)
    expect(answer.id).toBe(held[0]!.id)
    const row = (await second.rows()).find((r) => r.id === rowId)!
    expect(row).toMatchObject({ outcome: 'ok', said: { key: 'settled', done: true } })
    expect(second.settledSaid()).toContainEqual({ rowId, done: true })
    // The retry sent nothing: no second create row.
    expect(
      (await second.rows()).filter((r) => r.endpoint.id === 'E17' && r.target.name?.startsWith('Lena'))
    ).toHaveLength(1)
    await second.stop()
  })

  it('a visitor create the console never carried out: after the restart the row reads Not done and Create sends it once', async () => {
    const first = await run()
    const idris = visit('Idris')
    await first.demo('PUT', '/__demo/faults', { resetRate: 1 })
    const error = await refused(first.call('visitors.create', idris))
    const rowId = error.details?.['auditRow'] as string
    await first.stop()

    const second = await run()
    const answer = await second.call('visitors.create', idris)
    expect(answer.readBack).toBeUndefined()
    const held = (await second.demo<HeldVisitor[]>('GET', '/__demo/state/visitors')).filter(
      (v) => v.first_name === 'Idris'
    )
    expect(held.map((v) => v.id)).toEqual([answer.id])
    expect((await second.rows()).find((r) => r.id === rowId)).toMatchObject({ outcome: 'notDone' })
    await second.stop()
  })

  it('a Touch Pass purchase the console carried out: after the restart, Buy again with the same key buys nothing', async () => {
    const first = await run()
    const count = async (at: typeof first) =>
      (await at.demo<{ touchPasses: number }>('GET', '/__demo/state')).touchPasses
    const before = await count(first)
    // The purchase dialog's one key, kept by the dialog left open across the restart.
    const purchase = { count: 2, idempotencyKey: crypto.randomUUID() }
    await first.demo('PUT', '/__demo/faults', {
      afterCommit: { reset: 1, paths: ['POST /credentials/touch_passes'], thenDown: true }
    })
    const error = await refused(first.call('touchPasses.purchase', purchase))
    expect(error.details?.['answerLost']).toBe(true)
    const rowId = error.details?.['auditRow'] as string
    expect((await first.rows()).find((r) => r.id === rowId)?.outcome).toBe('unknown')
    await first.stop()

    const second = await run()
    expect(await count(second)).toBe(before + 2)
    // Buy pressed again in the dialog kept open: the earlier try is read back, nothing is sent.
    const again = await refused(second.call('touchPasses.purchase', purchase))
    expect(again).toMatchObject({ code: 'DONE_BEFORE', details: expect.objectContaining({ doneBefore: rowId }) })
    // Said as what was done, not a general sentence.
    expect((again as { message?: string }).message).toMatch(/^The 2 Touch Passes were already bought:/)
    expect(await count(second)).toBe(before + 2)
    expect((await second.rows()).find((r) => r.id === rowId)).toMatchObject({
      outcome: 'ok',
      said: { key: 'settled', done: true }
    })
    expect(second.settledSaid()).toContainEqual({ rowId, done: true })
    expect((await second.rows()).filter((r) => r.action === 'purchase')).toHaveLength(1)
    // Once more: this run holds the key now, and says it was sent once; still nothing sent.
    expect(await refused(second.call('touchPasses.purchase', purchase))).toMatchObject({
      code: 'DUPLICATE_PURCHASE'
    })
    expect(await count(second)).toBe(before + 2)
    await second.stop()
  })

  it('a Touch Pass purchase answered: after the restart the same key is refused, the console gains nothing more', async () => {
    const first = await run()
    const count = async (at: typeof first) =>
      (await at.demo<{ touchPasses: number }>('GET', '/__demo/state')).touchPasses
    const purchase = { count: 1, idempotencyKey: crypto.randomUUID() }
    await first.call('touchPasses.purchase', purchase)
    const bought = await count(first)
    await first.stop()

    const second = await run()
    expect(await refused(second.call('touchPasses.purchase', purchase))).toMatchObject({
      code: 'DUPLICATE_PURCHASE'
    })
    expect(await count(second)).toBe(bought)
    await second.stop()
  })

  it('a QR code given: after the restart the row is settled Done when the console answers; giving it again sends nothing', async () => {
    const first = await run()
    const { id } = (await first.call('visitors.create', visit('Sami'))) as { id: string }
    await first.demo('PUT', '/__demo/faults', {
      afterCommit: { status502: 1, paths: ['PUT /visitors/:id/qr_codes'], thenDown: true }
    })
    const error = await refused(first.call('visitors.assignQr', { id }))
    const rowId = error.details?.['auditRow'] as string
    expect((await first.rows()).find((r) => r.id === rowId)?.outcome).toBe('unknown')
    await first.stop()

    const second = await run()
    const qr = (await second.demo<HeldVisitor[]>('GET', '/__demo/state/visitors')).find((v) => v.id === id)!.qr
    expect(qr).toBeTruthy()
    // The console answers (the sidebar's check at start): the first run's row is read back.
    await second.call('connections.reach', { recheck: true })
    await expect
      .poll(async () => (await second.rows()).find((r) => r.id === rowId)?.outcome, { timeout: 10_000 })
      .toBe('ok')
    const row = (await second.rows()).find((r) => r.id === rowId)!
    expect(row.message).toMatch(/checked when the console answered again/)
    expect(second.settledSaid()).toContainEqual({ rowId, done: true })

    // Give it again from the form kept open: the console holds it, so nothing is sent (a new code would
    // make a badge printed with the first one useless).
    const again = await refused(second.call('visitors.assignQr', { id }))
    expect(again).toMatchObject({ code: 'DONE_BEFORE', details: expect.objectContaining({ doneBefore: rowId }) })
    expect((again as { message?: string }).message).toMatch(/^The QR code was already given:/)
    expect((await second.demo<HeldVisitor[]>('GET', '/__demo/state/visitors')).find((v) => v.id === id)!.qr).toBe(qr)
    expect((await second.rows()).filter((r) => r.action === 'QR assignment' && r.target.id === id)).toHaveLength(1)
    await second.stop()
  })
})
