import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHandlers } from '../../../src/main/handlers'
import { createDispatch, type Dispatch } from '../../../src/main/services/ipc/dispatch'
import { createNodeServices } from '../../../src/main/services/node-app'
import type { AppServices } from '../../../src/main/services/app-services'
import { tempDir } from '../../support/temp'
import { control } from '../access/support'
import { startDemoConsole } from '../../../src/demo-console/server'

/** Main's own guard on Touch Pass purchases, against the built-in demo console over HTTPS. */
describe('touchPasses.purchase in main', () => {
  let services: AppServices
  let dispatch: Dispatch
  let data: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    data = await tempDir()
    services = await createNodeServices({ dataDir: data.path, transport: 'test', startDemoConsole })
    dispatch = createDispatch(createHandlers(services))
  })
  afterAll(async () => {
    await services?.close()
    await data?.remove()
  })

  const total = async () => {
    const reply = await dispatch('touchPasses.list', { page: 1, pageSize: 1 })
    if (!reply.ok) throw new Error(reply.error.message)
    return (reply.result as { total: number }).total
  }

  it('refuses a second purchase with the same idempotency key, even sent at the same time', async () => {
    const before = await total()
    const key = crypto.randomUUID()
    const [a, b] = await Promise.all([
      dispatch('touchPasses.purchase', { count: 2, idempotencyKey: key }),
      dispatch('touchPasses.purchase', { count: 2, idempotencyKey: key })
    ])
    const ok = [a, b].filter((r) => r.ok)
    const refused = [a, b].filter((r) => !r.ok)
    expect(ok).toHaveLength(1)
    expect(refused[0]).toMatchObject({ ok: false, error: { kind: 'conflict', code: 'DUPLICATE_PURCHASE' } })
    expect(await total()).toBe(before + 2)
    // Later too, within this run of the app.
    expect(await dispatch('touchPasses.purchase', { count: 2, idempotencyKey: key })).toMatchObject({ ok: false })
    expect(await total()).toBe(before + 2)
  })

  it('says what the list gained when the console answers only the first pass of several', async () => {
    const before = await total()
    const reply = await dispatch('touchPasses.purchase', { count: 2, idempotencyKey: crypto.randomUUID() })
    if (!reply.ok) throw new Error(reply.error.message)
    const result = reply.result as { items: unknown[]; listed?: { before: number; after: number } }
    // The reference's answer: one object for count 2 (facts E14). The list is what tells.
    expect(result.items).toHaveLength(1)
    expect(result.listed).toEqual({ before, after: before + 2 })
    expect(await total()).toBe(before + 2)
  })

  it('sends a failed purchase once and never advises trying again', async () => {
    const demo = await services.connections.demoConsole()
    const before = await total()
    await control(demo, 'PUT', '/__demo/faults', { errorRate: { 'POST /credentials/touch_passes': 1 } })
    try {
      const reply = await dispatch('touchPasses.purchase', { count: 1, idempotencyKey: crypto.randomUUID() })
      expect(reply).toMatchObject({ ok: false, error: { kind: 'server', retryable: false } })
      if (reply.ok) return
      expect(reply.error.hint).toContain('check the Touch Pass list before trying again')
      expect(reply.error.hint).not.toMatch(/try again in a moment/i)
    } finally {
      await control(demo, 'DELETE', '/__demo/faults')
    }
    expect(await total()).toBe(before)
  })

  it('finds out without side effects what the token may do with Touch Passes', async () => {
    const before = await total()
    expect(await dispatch('touchPasses.capabilities', undefined)).toEqual({
      ok: true,
      result: { canEdit: true, canAssign: true }
    })
    expect(await total()).toBe(before)
  })

  it('refuses a count out of range before calling the console', async () => {
    const before = await total()
    const reply = await dispatch('touchPasses.purchase', { count: 500, idempotencyKey: crypto.randomUUID() })
    expect(reply).toMatchObject({ ok: false, error: { kind: 'validation' } })
    expect(await total()).toBe(before)
  })

  it('parses the visitor form again in main: an end before the start is refused', async () => {
    const reply = await dispatch('visitors.create', {
      first_name: 'A',
      last_name: 'B',
      visit_reason: 'Business',
      start_time: 1_900_000_000,
      end_time: 1_800_000_000,
      week_schedule: null
    })
    expect(reply).toMatchObject({ ok: false, error: { kind: 'validation', code: 'INVALID_INPUT' } })
    if (!reply.ok) expect(reply.error.message).toContain('end_time')
  })
})
