import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AuditRow } from '../../../src/shared/audit/schemas'

type HeldPass = { id: string; card_id: string; status: string; user_id: string }

/**
 * A Touch Pass purchase whose answer was lost is read back by main itself (the list before and after
 * it): the audit row is settled with the passes bought, by card id, and the error the screen gets
 * carries the same count, so the dialog and the Audit screen say one thing.
 */
describe('a purchase whose answer was lost settles its audit row from the list read back', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })
  const purchaseRows = async (): Promise<AuditRow[]> =>
    ((await app.call('audit.list', { filter: {} })) as { items: AuditRow[] }).items.filter(
      (r) => r.action === 'purchase'
    )

  for (const [fault, afterCommit] of [
    ['the connection is cut', { reset: 1 }],
    ["a proxy's 502 replaces the answer", { status502: 1 }]
  ] as const) {
    it(`${fault}: the row reads Done and names the 3 passes bought; the error says 3 were bought`, async () => {
      const before = new Set((await demo.held<HeldPass>('touchPasses')).map((p) => p.id))
      const rowsBefore = (await purchaseRows()).length
      await demo.faults({ afterCommit: { ...afterCommit, paths: ['POST /credentials/touch_passes'] } })
      const error = (await app.call('touchPasses.purchase', { count: 3, idempotencyKey: crypto.randomUUID() }).then(
        () => undefined,
        (err: unknown) => err
      )) as { details?: Record<string, unknown> } | undefined
      await demo.clearFaults()

      const bought = (await demo.held<HeldPass>('touchPasses')).filter((p) => !before.has(p.id))
      expect(bought).toHaveLength(3)
      expect(error?.details).toMatchObject({
        listed: { before: before.size, after: before.size + 3 },
        bought: bought.map((p) => p.card_id || p.id)
      })

      const rows = await purchaseRows()
      expect(rows).toHaveLength(rowsBefore + 1)
      const row = rows[0]!
      expect(row.outcome).toBe('ok')
      expect(row.message).toMatch(/reading it back shows this was done/)
      for (const pass of bought) expect(row.detail).toContain(pass.card_id || pass.id)
    })
  }
})
