import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHandlers } from '../../../src/main/handlers'
import { createDispatch } from '../../../src/main/services/ipc/dispatch'
import { createNodeServices } from '../../../src/main/services/node-app'
import type { AppServices } from '../../../src/main/services/app-services'
import { startDemoConsole } from '../../../src/demo-console/server'
import { walkInWindow } from '../../../src/renderer/src/components/visitors/walk-in'
import { demoControl } from '../../support/demo-control'
import type { AppHarness } from '../../support/app-services'
import { tempDir } from '../../support/temp'

interface HeldVisitor {
  id: string
  status: string
  end_time: number
}

/**
 * A walk-in is someone standing at the desk: an arrival from the moment the desk adds them. The console's
 * visitor has no field that says so and the API cannot mark an arrival, so a walk-in whose pass ran out
 * by time (nobody pressed End visit) went from Expected to No-show on Today. The desk records the walk-in
 * on this computer, per console (main/services/visitors/desk-arrivals.ts), and Today's one rule
 * (shared/today/groups.ts) reads it as it reads a kiosk check-in: Here, then Left once the window is over,
 * also after main restarts.
 */
describe('a walk-in whose pass runs out by time', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  let services: AppServices | undefined
  /** Main on the data folder, as a process starts it (again, after `services.close()`: a restart). */
  const start = async () => {
    const started = await createNodeServices({ dataDir: data.path, transport: 'test', startDemoConsole })
    services = started
    const dispatch = createDispatch(createHandlers(started))
    const harness = { services: started, events: [], call: async () => undefined } as unknown as AppHarness
    return {
      demo: demoControl(harness),
      call: async (channel: string, input: unknown) => {
        const envelope = await dispatch(channel, input)
        if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), envelope.error)
        return envelope.result as { id: string; deskArrival?: { where: string } | null }
      }
    }
  }
  let app: Awaited<ReturnType<typeof start>>
  const rowOf = async (id: string) => (await services!.today.live.list()).rows.find((r) => r.id === id)
  const visit = (first: string, window: { start: number; end: number }) => ({
    first_name: first,
    last_name: 'Walker',
    visit_reason: 'Business',
    start_time: window.start,
    end_time: window.end,
    week_schedule: null,
    resources: []
  })

  beforeAll(async () => {
    data = await tempDir()
    app = await start()
  })
  afterAll(async () => {
    await services?.close()
    await data?.remove()
  })

  it('is Here once added, Left (not No-show) when its end passes, and still Left after main restarts', async () => {
    const { demo, call } = app
    const walkIn = await call('visitors.create', { ...visit('Wren', walkInWindow()), walkIn: true })
    expect(walkIn.deskArrival?.where).toBe('walk-in')
    expect(await rowOf(walkIn.id)).toMatchObject({ group: 'here', arrival: { where: 'walk-in' } })

    // An hour later on the console, without waiting for it: the pass ran out, nobody ended the visit.
    const now = Math.floor(Date.now() / 1000)
    await demo.visitWindow(walkIn.id, { start_time: now - 3600, end_time: now - 60 })
    const held = (await demo.held<HeldVisitor>('visitors')).find((v) => v.id === walkIn.id)!
    expect(held).toMatchObject({ status: 'ACTIVE', end_time: now - 60 })
    expect(await rowOf(walkIn.id)).toMatchObject({ group: 'left', arrival: { where: 'walk-in' } })
    // Visitors says the same as Today (shownStatus): left, not a no-show.
    expect(await services!.visitors.get(walkIn.id)).toMatchObject({ deskArrival: { where: 'walk-in' } })

    // Main restarts on the same data folder: the record was on disk, with its console.
    await services!.close()
    app = await start()
    expect(await rowOf(walkIn.id)).toMatchObject({ group: 'left', arrival: { where: 'walk-in' } })
  })

  it('a visit created on Visitors (not a walk-in) whose end passes with no arrival is still a no-show', async () => {
    const { demo, call } = app
    const booked = await call('visitors.create', visit('Nell', walkInWindow()))
    expect(booked.deskArrival ?? null).toBeNull()
    expect((await rowOf(booked.id))?.group).toBe('expected')
    const now = Math.floor(Date.now() / 1000)
    await demo.visitWindow(booked.id, { start_time: now - 3600, end_time: now - 60 })
    expect((await rowOf(booked.id))?.group).toBe('no-show')
  })

  it('a walk-in booked to start later today is no arrival yet: Expected', async () => {
    const { call } = app
    const now = Math.floor(Date.now() / 1000)
    const later = await call('visitors.create', {
      ...visit('Ola', { start: now + 600, end: now + 1200 }),
      walkIn: true
    })
    expect(later.deskArrival ?? null).toBeNull()
    // Today holds it only while its window touches today (a run just before midnight books it tomorrow).
    const row = await rowOf(later.id)
    if (row) expect(row.group).toBe('expected')
  })
})
