import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { endpoints } from '../../../src/shared/access/endpoints'
import type { Visitor } from '../../../src/shared/access/visitors'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { CHECK_AFTER_LOST_MS } from '../../../src/main/services/audit/same-write'
import type { AuditReader } from '../../../src/main/services/audit/write-names'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'

/**
 * The one rule for "is this the same write" (audit/same-write.ts), as the recorder asks it before each
 * write is sent: which earlier rows a visitor create is read back against, by the trail alone (a fake
 * console: what it is asked is counted).
 */
describe('the same-write rule: which creates of a visit are read back first', () => {
  const hq = { name: 'HQ', url: 'https://10.1.1.1:12445' }
  const start = Math.floor(Date.UTC(2026, 0, 5, 9) / 1000)
  const visit = { first_name: 'Lena', last_name: 'Okafor', start_time: start, end_time: start + 7200 }
  const lost = new AppError({ kind: 'network', code: 'ECONNRESET', message: 'cut', retryable: true })
  const dirs: { remove(): Promise<void> }[] = []
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await dir.remove()
  })

  /** An audit trail on a clock the test moves, and a console that holds the visit (or not), its reads counted. */
  async function trail(holds: boolean) {
    const dir = await tempDir('same-write-')
    dirs.push(dir)
    const clock = { now: Date.UTC(2026, 0, 5, 8) }
    const audit = new AuditService({
      dir: dir.path,
      store: memoryStore(),
      activeConsole: async () => hq,
      now: () => new Date(clock.now)
    })
    const reads: unknown[] = []
    const held = { ...visit, id: 'v1' } as unknown as Visitor
    const reader = {
      visitors: {
        all: async (input: unknown) => (reads.push(input), holds ? [held] : [])
      }
    } as unknown as AuditReader
    const recorder = audit.recorder(hq, () => reader)
    /** A create of `body` about to be sent: its answer as given, or the refusal the rule threw before it. */
    const create = async (body: typeof visit, answer?: { ok: false; error: AppError }) => {
      const recorded = await recorder.before({ endpoint: endpoints.E17, body })
      await recorded!(answer ?? { ok: true, result: { code: 'SUCCESS', data: { ...body, id: 'new' } } })
    }
    return { audit, clock, reads, create }
  }

  it('an earlier create of the same visit whose answer was lost is read back before the next is sent: done, nothing sent', async () => {
    const { audit, reads, create } = await trail(true)
    await create(visit, { ok: false, error: lost })
    // Any case, spaces around: the same visit.
    await expect(create({ ...visit, last_name: ' okafor ' })).rejects.toMatchObject({ code: 'DONE_BEFORE' })
    expect(reads).toEqual([{ keyword: 'Lena' }])
    const rows = await audit.all()
    expect(rows.map((r) => r.outcome)).toEqual(['ok'])
    await audit.close()
  })

  it('another window, or the same visit past CHECK_AFTER_LOST_MS, is not read back: it is sent', async () => {
    const { audit, clock, reads, create } = await trail(true)
    await create(visit, { ok: false, error: lost })
    await create({ ...visit, end_time: visit.end_time + 60 })
    clock.now += CHECK_AFTER_LOST_MS + 1
    await create(visit)
    expect(reads).toEqual([])
    expect((await audit.all()).map((r) => r.outcome)).toEqual(['unknown', 'ok', 'ok'])
    await audit.close()
  })

  it('read back not done: the row says Not done and the create is sent; the next one reads nothing first', async () => {
    const { audit, reads, create } = await trail(false)
    await create(visit, { ok: false, error: lost })
    await create(visit)
    await create(visit)
    expect(reads).toHaveLength(1)
    expect((await audit.all()).map((r) => r.outcome)).toEqual(['notDone', 'ok', 'ok'])
    await audit.close()
  })

  it('a purchase is one by its key: the same key is never sent again, however long ago; another key is sent', async () => {
    const { audit, clock } = await trail(true)
    const recorder = audit.recorder(hq, () => undefined)
    const buy = async (key: string) => {
      const recorded = await recorder.before({ endpoint: endpoints.E14, body: { count: 1 }, writeKey: key })
      await recorded!({ ok: true, result: { code: 'SUCCESS', data: { id: `p-${key}` } } })
    }
    await buy('k1')
    clock.now += 24 * 3600_000
    await expect(buy('k1')).rejects.toMatchObject({ code: 'DUPLICATE_PURCHASE' })
    await buy('k2')
    // The same count without a key is never the same purchase.
    const recorded = await recorder.before({ endpoint: endpoints.E14, body: { count: 1 } })
    await recorded!({ ok: true, result: { code: 'SUCCESS', data: { id: 'p3' } } })
    expect((await audit.all()).map((r) => r.outcome)).toEqual(['ok', 'ok', 'ok'])
    await audit.close()
  })
})
