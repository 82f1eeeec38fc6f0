import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startDemoConsole } from '../../../src/demo-console/server'
import { AuditLog, type BeginInput } from '../../../src/main/services/audit/audit-log'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { createNodeServices } from '../../../src/main/services/node-app'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'

/**
 * The audit journal at 10,000 rows and more: read once the app is up (not when Audit opens or the
 * first write waits), each row's search text made when a text filter first needs it, and the
 * Console filter's names kept as rows come (a page never walks the whole journal for them).
 */
const DAMAGED = '{"t":"begin","broken"\n'
const asideFiles = async (dir: string) => (await readdir(dir)).filter((f) => f.startsWith('audit-damaged-'))

const ok = { outcome: 'ok' } as const
const begin = (name: string, console = { name: 'HQ', url: 'https://10.0.0.2:12445' }): BeginInput => ({
  console,
  desk: { user: 'ana', host: 'desk-7' },
  action: 'create',
  endpoint: { id: 'E17', title: 'Create visitor' },
  target: { kind: 'visitor', name }
})

describe('the audit journal read early', () => {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined
  afterEach(async () => {
    await dir?.remove()
    dir = undefined
  })

  it('prepare() reads the journal with no screen asking (a damaged one is set aside there and then)', async () => {
    dir = await tempDir()
    await writeFile(join(dir.path, 'audit.jsonl'), DAMAGED)
    const untouched = new AuditService({ dir: dir.path, store: memoryStore(), activeConsole: async () => null })
    await untouched.close()
    expect(await asideFiles(dir.path)).toEqual([])

    const prepared = new AuditService({ dir: dir.path, store: memoryStore(), activeConsole: async () => null })
    prepared.prepare()
    // close() waits for a read under way: once closed, the journal was read.
    await prepared.close()
    expect(await asideFiles(dir.path)).toHaveLength(1)
  })

  it("the app's prepare (its window up) reads the journal", async () => {
    dir = await tempDir()
    await mkdir(join(dir.path, 'audit'))
    await writeFile(join(dir.path, 'audit', 'audit.jsonl'), DAMAGED)
    const services = await createNodeServices({ dataDir: dir.path, transport: 'test', startDemoConsole })
    try {
      services.prepare()
    } finally {
      await services.close()
    }
    expect(await asideFiles(join(dir.path, 'audit'))).toHaveLength(1)
  })

  it('a row is found by what its answer added, after a text filter read it while it waited', async () => {
    dir = await tempDir()
    const log = new AuditLog(dir.path, { retentionDays: () => 365 })
    const id = await log.begin(begin('Ada Ng'))
    expect((await log.page({ text: 'ada' }, 0, 10)).total).toBe(1)
    expect((await log.page({ text: 'zebra' }, 0, 10)).total).toBe(0)
    await log.end(id, { outcome: 'refused', code: 'CODE_ZEBRA', message: 'Zebra gate refused it' })
    expect((await log.page({ text: 'zebra' }, 0, 10)).items.map((r) => r.target.name)).toEqual(['Ada Ng'])
    expect((await log.page({ text: 'ada' }, 0, 10)).total).toBe(1)
    await log.close()
  })

  it('the Console filter names what the rows carry, also after a reopen and a prune', async () => {
    dir = await tempDir()
    const url = 'https://10.0.0.2:12445'
    let now = Date.parse('2026-01-01T12:00:00Z')
    const clock = () => new Date(now)
    const first = new AuditLog(dir.path, { retentionDays: () => 3650, now: clock })
    await first.complete(begin('Old', { name: 'Old name', url }), ok)
    now += 40 * 86_400_000
    await first.complete(begin('New', { name: 'New name', url }), ok)
    await first.complete(begin('Else', { name: 'Branch', url: 'https://10.0.1.2:12445' }), ok)
    expect([...(await first.consoleHistory())]).toEqual([
      [url, { url, names: ['Old name', 'New name'] }],
      ['https://10.0.1.2:12445', { url: 'https://10.0.1.2:12445', names: ['Branch'] }]
    ])
    await first.close()
    // Read back from the file: the same names, oldest first.
    const second = new AuditLog(dir.path, { retentionDays: () => 3650, now: clock })
    expect([...(await second.consoleHistory())]).toEqual([
      [url, { url, names: ['Old name', 'New name'] }],
      ['https://10.0.1.2:12445', { url: 'https://10.0.1.2:12445', names: ['Branch'] }]
    ])
    // The rows under the old name pruned: the name goes with them.
    expect(await second.prune(30)).toBe(1)
    expect([...(await second.consoleHistory())]).toEqual([
      [url, { url, names: ['New name'] }],
      ['https://10.0.1.2:12445', { url: 'https://10.0.1.2:12445', names: ['Branch'] }]
    ])
    await second.close()
  })
})
