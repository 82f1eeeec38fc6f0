import { readFile } from 'node:fs/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { endpoints } from '../../../src/shared/access/endpoints'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'

/**
 * The recorder the HTTP layer calls around each write, driven directly: what it puts on record
 * before the write and after its answer (the HTTP side is in write-order and write-rows).
 */
describe('the write recorder', () => {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined
  afterEach(async () => {
    await dir?.remove()
  })

  const start = async (activeConsole: () => Promise<{ name: string; url: string } | null> = async () => null) => {
    dir = await tempDir()
    clock.now = '2026-04-01T10:00:00.000Z'
    return new AuditService({
      dir: dir.path,
      store: memoryStore(),
      activeConsole,
      desk: { user: 'ana', host: 'desk-7' },
      now: () => new Date(clock.now)
    })
  }
  const hq = { name: 'HQ', url: 'https://10.1.1.1:12445' }
  const clock = { now: '' }

  it('a write: pending once on record, then its outcome and what the answer named', async () => {
    const audit = await start()
    const answered = await audit.recorder(hq).before({
      endpoint: endpoints.E17,
      body: { first_name: 'Ada', last_name: 'Lovelace', pin_code: '99887766' }
    })
    const [pending] = await audit.all()
    clock.now = '2026-04-01T10:00:02.000Z'
    expect(pending).toEqual({
      id: pending!.id,
      at: '2026-04-01T10:00:00.000Z',
      console: hq,
      desk: { user: 'ana', host: 'desk-7' },
      action: 'create',
      endpoint: { id: 'E17', title: 'Create visitor' },
      target: { kind: 'visitor', name: 'Ada Lovelace' },
      outcome: 'pending'
    })
    await answered!({ ok: true, result: { data: { id: 'v-42', first_name: 'Ada', last_name: 'Lovelace' } } })
    expect(await audit.all()).toEqual([
      {
        ...pending,
        endedAt: '2026-04-01T10:00:02.000Z',
        target: { kind: 'visitor', name: 'Ada Lovelace', id: 'v-42' },
        outcome: 'ok'
      }
    ])
    await audit.close()
    expect(await readFile(audit.log.path, 'utf8')).not.toContain('99887766')
  })

  it('a refused write keeps the console code and message; a write of nothing is not recorded', async () => {
    const audit = await start()
    expect(await audit.recorder(hq).before({ endpoint: endpoints.E1 })).toBeUndefined()
    const answered = await audit.recorder(hq).before({ endpoint: endpoints.visitorDelete, params: { id: 'v-1' } })
    const error = new AppError({
      kind: 'not-found',
      code: 'CODE_NOT_EXISTS',
      message: 'No such visitor.',
      details: { status: 404 }
    })
    await answered!({ ok: false, error })
    const rows = await audit.all()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ outcome: 'refused', code: 'CODE_NOT_EXISTS', message: 'No such visitor.' })
    await audit.close()
  })

  it('an answer whose line cannot be written does not hide the answer', async () => {
    const audit = await start()
    const answered = await audit.recorder(hq).before({ endpoint: endpoints.visitorDelete, params: { id: 'v-1' } })
    await audit.close()
    await dir!.remove()
    await expect(answered!({ ok: true, result: {} })).resolves.toBeUndefined()
  })

  it('a badge print names the active console; with none, or none reachable, "No console"', async () => {
    const job = { visitorId: 'v-1', name: 'Ada', company: '', host: '', validFrom: 0, validTo: 1, stock: 'a6' as const }
    let audit = await start(async () => hq)
    await audit.badgePrinted({ job, output: 'printer' })
    await audit.badgePrinted({ job, output: 'printer', printer: 'QL-820' })
    expect((await audit.all()).map((r) => [r.console.name, r.detail])).toEqual([
      ['HQ', 'A6 (105 × 148 mm) · the default printer'],
      ['HQ', 'A6 (105 × 148 mm) · QL-820']
    ])
    await audit.close()
    audit = await start(async () => {
      throw new Error('profiles unreadable')
    })
    await audit.badgePrinted({
      job,
      output: 'browser-print',
      error: new AppError({ kind: 'conflict', message: 'Cancelled.' })
    })
    expect(await audit.all()).toMatchObject([
      {
        console: { name: 'No console', url: '' },
        outcome: 'refused',
        message: 'Cancelled.',
        detail: 'A6 (105 × 148 mm) · sent to the print dialog'
      }
    ])
    expect((await audit.all())[0]!.code).toBeUndefined()
    await audit.close()
  })

  // The walk: two "Ana Ruiz" visits could not be told apart on Audit.
  it("a badge print names the visitor's company and the visit's window, as Badges' history does", async () => {
    const job = {
      visitorId: 'v-1',
      name: 'Ana Ruiz',
      company: 'Acme',
      host: '',
      validFrom: 1_700_000_000,
      validTo: 1_700_003_600,
      stock: 'a6' as const
    }
    const audit = await start(async () => hq)
    await audit.badgePrinted({ job, output: 'printer' })
    await audit.badgePrinted({ job: { ...job, visitorId: 'v-2', company: '' }, output: 'printer' })
    expect((await audit.all()).map((r) => [r.target.name, r.visit])).toEqual([
      ['Ana Ruiz · Acme', { start: 1_700_000_000, end: 1_700_003_600 }],
      ['Ana Ruiz', { start: 1_700_000_000, end: 1_700_003_600 }]
    ])
    await audit.close()
  })

  it('writes inside `as` carry its action', async () => {
    const audit = await start()
    const call = { endpoint: endpoints.userAssignNfc, params: { id: 'u-1' }, body: { token: 'tk' } }
    await audit.as('enrollment bind', async () => (await audit.recorder(hq).before(call))!({ ok: true, result: {} }))
    await (await audit.recorder(hq).before(call))!({ ok: true, result: {} })
    expect((await audit.all()).map((r) => r.action)).toEqual(['enrollment bind', 'assign'])
    await audit.close()
  })
})
