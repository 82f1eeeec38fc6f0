import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { ClientRequest } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AuditRow } from '../../../src/shared/audit/schemas'

/**
 * A Touch Pass purchase reads the whole pass list once before it is sent: the service's read (what
 * was bought is what the list gained) is the one the audit keeps for the row's later check, not a
 * second read of up to thousands of passes. Counted on the wire: every request the app's HTTPS client
 * starts (Node's `http.client.request.start`), the whole list's first page being the start of a read.
 */
describe('a Touch Pass purchase reads the pass list once before sending', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })

  /**
   * The reads of the whole list (`all()`: its first page; a count's one-pass page is not one) made while
   * `run` runs, before the purchase is sent and after it.
   */
  async function listReads(run: () => Promise<unknown>): Promise<{ before: number; after: number }> {
    const reads = { before: 0, after: 0 }
    let sent = false
    const seen = (message: unknown) => {
      const { request } = message as { request: ClientRequest }
      const url = new URL(request.path, 'https://console')
      if (url.pathname !== '/api/v1/developer/credentials/touch_passes') return
      if (request.method === 'POST') sent = true
      else if (url.searchParams.get('page_num') === '1' && url.searchParams.get('page_size') !== '1')
        reads[sent ? 'after' : 'before']++
    }
    subscribe('http.client.request.start', seen)
    try {
      await run().catch(() => undefined)
    } finally {
      unsubscribe('http.client.request.start', seen)
    }
    return reads
  }

  it('answered: one read of the list before the purchase, and the console holds the passes once', async () => {
    const before = (await demo.held('touchPasses')).length
    const reads = await listReads(() =>
      app.call('touchPasses.purchase', { count: 2, idempotencyKey: crypto.randomUUID() })
    )
    expect(reads.before).toBe(1)
    expect(await demo.held('touchPasses')).toHaveLength(before + 2)
  })

  it('answer lost: one read before and one after it, and the audit row is still settled with the passes bought', async () => {
    const before = new Set((await demo.held<{ id: string }>('touchPasses')).map((p) => p.id))
    await demo.faults({ afterCommit: { reset: 1, paths: ['POST /credentials/touch_passes'] } })
    const reads = await listReads(() =>
      app.call('touchPasses.purchase', { count: 3, idempotencyKey: crypto.randomUUID() })
    )
    await demo.clearFaults()
    // Before it: the service's, kept for the audit; after it: main's read back of what was bought.
    expect(reads.before).toBe(1)
    expect(reads.after).toBeGreaterThanOrEqual(1)
    const bought = (await demo.held<{ id: string; card_id: string }>('touchPasses')).filter((p) => !before.has(p.id))
    expect(bought).toHaveLength(3)
    const rows = ((await app.call('audit.list', { filter: {} })) as { items: AuditRow[] }).items
    const row = rows.find((r) => r.action === 'purchase')!
    expect(row.outcome).toBe('ok')
    for (const pass of bought) expect(row.detail).toContain(pass.card_id || pass.id)
  })
})
