import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'

type HeldCard = { token: string; nfc_id?: string; status?: string }

/**
 * An upload part's outcome is written twice: the batch's rows (Import) and the part's audit row (Audit).
 * The app stopped between the two (a kill -9) must not leave the two screens saying different things once
 * it runs again: here the process "stops" the moment the first of the two is on disk (every later write of
 * either never completes), and a second run of both services on the same data folder reads what is there.
 */
describe('an upload stopped between the batch rows and the audit row of a part', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>
  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('restart-between-writes-')
  })
  afterAll(async () => {
    await demo?.stop()
    await dir?.remove()
  })

  const services = () => {
    const audit = new AuditService({
      dir: join(dir.path, 'audit'),
      store: memoryStore(),
      activeConsole: async () => null,
      desk: { user: 'ana', host: 'desk-7' }
    })
    const client = demo.client('full', { onWrite: audit.recorder({ name: 'Demo console', url: 'https://demo' }) })
    const batches = new BatchService({
      dir: join(dir.path, 'batches'),
      client: async () => client,
      activeConsole: async () => ({ profileId: 'site-a', name: 'Site A' }),
      settleAuditRow: (rowId, finding) => audit.settleRow(rowId, finding)
    })
    return { audit, batches }
  }

  it('reads, after the restart, the same outcome in the batch and in the Audit', async () => {
    const first = services()
    const name = `Stopped-${randomBytes(3).toString('hex')}`
    const { id: batchId } = await first.batches.create({ name })
    const ids = [1, 2, 3].map(() => `04${randomBytes(6).toString('hex').toUpperCase()}`)
    for (const uid of ids) await first.batches.addScan(batchId, uid)

    // The process stops once the first of the part's two outcome writes is on disk: nothing after it lands.
    let stopped = false
    const never = new Promise<never>(() => undefined)
    let firstWritten: 'batch' | 'audit' | undefined
    const stopAfter = (which: 'batch' | 'audit') => {
      firstWritten ??= which
      stopped = true
    }
    const commit = first.batches.commit.bind(first.batches)
    first.batches.commit = async (batch, ...entries) => {
      if (stopped) return never
      await commit(batch, ...entries)
      if (entries.some((e) => e.t === 'results')) stopAfter('batch')
    }
    const end = first.audit.log.end.bind(first.audit.log)
    first.audit.log.end = async (id, input) => {
      if (stopped) return never
      await end(id, input)
      stopAfter('audit')
    }
    void first.batches.upload(batchId)
    await expect.poll(() => stopped, { timeout: 20_000 }).toBe(true)

    // The console holds the part's cards whatever the app wrote.
    const held = await demo.control<{ data: HeldCard[] }>('GET', '/__demo/state/cards')
    for (const id of ids) {
      expect(held.body.data.filter((c) => c.nfc_id?.toUpperCase() === id && c.status !== 'deleted')).toHaveLength(1)
    }

    // The app again, on the same data folder; the stopped run's services are left as a kill leaves them.
    const second = services()
    const rows = (await second.batches.get(batchId)).rows
    const auditRow = async (): Promise<AuditRow | undefined> =>
      (await second.audit.list({ filter: { text: name } })).items.find((r) => r.action === 'import')
    expect(rows.map((r) => r.status)).toEqual(['imported', 'imported', 'imported'])
    await expect.poll(async () => (await auditRow())?.outcome, { timeout: 5_000 }).toBe('ok')
    // Settled from what the batch had recorded of the console's answer, and said so: no read of the console was made.
    expect((await auditRow())?.said).toEqual({ key: 'settled', done: true, recorded: true })
    expect((await auditRow())?.message).toMatch(/batch had recorded the console's answer/)
    // The batch's rows are written first: the Audit is settled from them, never the other way round.
    expect(firstWritten).toBe('batch')
    await second.batches.close()
    await second.audit.close()
  })

  it('stopped before the answer was written anywhere: both say to check, and the check settles both', async () => {
    const first = services()
    const name = `In-flight-${randomBytes(3).toString('hex')}`
    const { id: batchId } = await first.batches.create({ name })
    const ids = [1, 2].map(() => `04${randomBytes(6).toString('hex').toUpperCase()}`)
    for (const uid of ids) await first.batches.addScan(batchId, uid)

    // The process stops as the console's answer comes back: neither outcome write lands.
    let answered = false
    const never = new Promise<never>(() => undefined)
    const commit = first.batches.commit.bind(first.batches)
    first.batches.commit = async (batch, ...entries) => {
      if (entries.some((e) => e.t === 'results')) {
        answered = true
        return never
      }
      return commit(batch, ...entries)
    }
    first.audit.log.end = async () => never
    void first.batches.upload(batchId)
    await expect.poll(() => answered, { timeout: 20_000 }).toBe(true)

    const second = services()
    const auditRow = async (): Promise<AuditRow | undefined> =>
      (await second.audit.list({ filter: { text: name } })).items.find((r) => r.action === 'import')
    expect((await second.batches.get(batchId)).rows.map((r) => r.status)).toEqual(['unknown', 'unknown'])
    expect((await auditRow())?.outcome).toBe('unknown')
    // The console holds both; the check finds them, and the part's Audit row says so too.
    expect(await second.batches.check(batchId)).toMatchObject({ found: 2, absent: 0 })
    expect((await second.batches.get(batchId)).rows.map((r) => r.status)).toEqual(['imported', 'imported'])
    expect(await auditRow()).toMatchObject({ outcome: 'ok', said: { key: 'settled', done: true } })
    expect((await auditRow())?.said).not.toHaveProperty('recorded')
    await second.batches.close()
    await second.audit.close()
  })
})
