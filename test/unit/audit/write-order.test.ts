import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../../src/shared/errors'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { tempDir } from '../../support/temp'
import type { WriteRecorder } from '../../../src/main/services/access/http'
import { startDemo, type Demo } from '../access/support'
import { memoryStore } from '../../support/memory-store'

/**
 * The hook in the HTTP layer: a write is on record before it leaves, its answer is on record before
 * the caller sees it, and a write that cannot be put on record is not sent.
 */
describe('writes and their record, in order', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo.stop())

  const visitorCount = async () =>
    (await demo.control<{ data: unknown[] }>('GET', '/__demo/state/visitors')).body.data.length
  const start = Math.floor(Date.now() / 1000)
  const body = {
    first_name: 'Order',
    last_name: 'Test',
    visit_reason: 'Business' as const,
    start_time: start,
    end_time: start + 60
  }

  it('before → sent → answer recorded → caller', async () => {
    const log: string[] = []
    const recorder: WriteRecorder = {
      before: async (call) => {
        log.push(`before ${call.endpoint.id}: console holds ${await visitorCount()}`)
        return async (answer) => {
          log.push(`answer ${answer.ok ? 'ok' : 'failed'}: console holds ${await visitorCount()}`)
        }
      }
    }
    const n = await visitorCount()
    const client = demo.client('full', { onWrite: recorder })
    await client.visitors.create(body)
    log.push('caller')
    expect(log).toEqual([`before E17: console holds ${n}`, `answer ok: console holds ${n + 1}`, 'caller'])
  })

  it('reads are not recorded, and neither retried writes: a write goes once', async () => {
    const calls: string[] = []
    const client = demo.client('full', {
      onWrite: { before: async (call) => (calls.push(call.endpoint.id), undefined) }
    })
    await client.visitors.list({ page: 1, pageSize: 5 })
    await demo.control('PUT', '/__demo/faults', { errorRate: { 'POST /visitors': 1 } })
    try {
      await expect(client.visitors.create(body)).rejects.toBeInstanceOf(AppError)
    } finally {
      await demo.control('DELETE', '/__demo/faults')
    }
    expect(calls).toEqual(['E17'])
  })

  it('a write that cannot be put on record is not sent', async () => {
    const n = await visitorCount()
    const refused = new AppError({ kind: 'storage', code: 'AUDIT_WRITE_FAILED', message: 'disk full' })
    const client = demo.client('full', {
      onWrite: {
        before: async () => {
          throw refused
        }
      }
    })
    await expect(client.visitors.create(body)).rejects.toBe(refused)
    expect(await visitorCount()).toBe(n)
  })

  it('a journal that cannot be opened refuses the write with what to check; nothing reaches the console', async () => {
    const dir = await tempDir()
    try {
      // Its folder is a file: the journal cannot be made there.
      const blocked = join(dir.path, 'audit')
      await writeFile(blocked, 'not a folder')
      const audit = new AuditService({
        dir: blocked,
        store: memoryStore(),
        activeConsole: async () => null
      })
      const client = demo.client('full', { onWrite: audit.recorder({ name: 'Blocked', url: demo.console.url }) })
      const n = await visitorCount()
      await expect(client.visitors.create(body)).rejects.toMatchObject({
        kind: 'storage',
        code: 'AUDIT_UNREADABLE',
        hint: `Check that ${blocked} is a folder this user can write to, then try again.`
      })
      expect(await visitorCount()).toBe(n)
    } finally {
      await dir.remove()
    }
  })
})
