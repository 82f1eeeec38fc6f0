import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHandlers } from '../../../src/main/handlers'
import { createDispatch, type Dispatch } from '../../../src/main/services/ipc/dispatch'
import { createNodeServices } from '../../../src/main/services/node-app'
import type { AppServices } from '../../../src/main/services/app-services'
import type { Visitor } from '../../../src/shared/access/visitors'
import type { BadgeJob } from '../../../src/shared/badges/schemas'
import { tempDir } from '../../support/temp'
import { startDemoConsole } from '../../../src/demo-console/server'

/** Main's own refusal to print the badge of a cancelled visit, against the built-in demo console. */
describe('badges.print and badges.pdf for a cancelled visit', () => {
  let services: AppServices
  let dispatch: Dispatch
  let data: Awaited<ReturnType<typeof tempDir>>
  const printed: string[] = []

  beforeAll(async () => {
    data = await tempDir()
    services = await createNodeServices({ dataDir: data.path, transport: 'test', startDemoConsole })
    // A printer that only notes what it was asked to do.
    services.printer = {
      listPrinters: async () => [],
      print: async () => void printed.push('print'),
      printToPdf: async () => (printed.push('pdf'), new Uint8Array([0x25, 0x50, 0x44, 0x46]))
    }
    dispatch = createDispatch(createHandlers(services))
  })
  afterAll(async () => {
    await services?.close()
    await data?.remove()
  })

  it('prints for a visit that stands, refuses once it is cancelled, and records nothing', async () => {
    const start = Math.floor(Date.now() / 1000)
    const created = await dispatch('visitors.create', {
      first_name: 'Rosa',
      last_name: 'Holmgaard',
      visit_reason: 'Business',
      start_time: start,
      end_time: start + 3600,
      week_schedule: null,
      resources: []
    })
    if (!created.ok) throw new Error(created.error.message)
    const visitor = created.result as Visitor
    const job: BadgeJob = {
      visitorId: visitor.id,
      name: 'Rosa Holmgaard',
      company: '',
      host: '',
      validFrom: start,
      validTo: start + 3600,
      stock: 'dk-11202'
    }
    expect(await dispatch('badges.pdf', { job })).toMatchObject({ ok: true })
    expect(printed).toEqual(['pdf'])

    expect(await dispatch('visitors.cancel', { id: visitor.id })).toMatchObject({ ok: true })
    for (const channel of ['badges.pdf', 'badges.print'] as const) {
      const reply = await dispatch(channel, { job })
      expect(reply, channel).toMatchObject({ ok: false, error: { kind: 'conflict', code: 'VISIT_CANCELLED' } })
      if (!reply.ok) expect(reply.error.hint).toContain('create a new visit')
    }
    expect(printed).toEqual(['pdf'])
    const history = await dispatch('badges.history', { limit: 10 })
    expect(history.ok && (history.result as { items: unknown[] }).items).toHaveLength(1)
  })
})
