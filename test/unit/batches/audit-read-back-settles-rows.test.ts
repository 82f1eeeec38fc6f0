import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AuditRow } from '../../../src/shared/audit/schemas'

type HeldCard = { token: string; nfc_id?: string; display_id?: string; status?: string }
type BatchRows = { rows: { nfcId: string; status: string; token?: string; displayId?: string }[] }

/**
 * An upload part whose answer was lost (a proxy's 502 after the console imported it) is Unknown in the
 * Audit and its rows are "to check" on Import. When the console answers again the audit reads the part
 * back by itself (settle-write settleLater) and settles it Done: the batch's rows are settled by the
 * same read at once, through the batch's own Check, so Import never offers "Check 3 rows" for cards the
 * Audit already says are there. Through the app's services over real HTTPS, asserting the demo console.
 */
describe("the audit's read-back of a lost upload part settles the batch's rows with it", () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(() => demo.clearFaults())

  it('no action after the lost answer: the Audit says Done and Import says imported, each card once on the console', async () => {
    const name = `Lost-502-${randomBytes(3).toString('hex')}`
    const { id: batchId } = await app.call('batches.create', { name })
    const ids = [1, 2, 3].map(() => `04${randomBytes(6).toString('hex').toUpperCase()}`)
    for (const uid of ids) await app.call('batches.addScan', { batchId, uid, source: 'typed' })
    await demo.faults({ afterCommit: { status502: 1, paths: ['POST /credentials/nfc_cards/import'] } })
    await app.call('batches.upload', { batchId }).catch(() => undefined)
    await demo.clearFaults()

    // The Audit settles the part by its own read-back when the console answers again (no Check pressed).
    const importRow = async () =>
      ((await app.call('audit.list', { filter: { text: name } })) as { items: AuditRow[] }).items.find(
        (r) => r.action === 'import'
      )
    await expect.poll(async () => (await importRow())?.outcome, { timeout: 15_000 }).toBe('ok')

    // The same answer settles Import's rows: nothing left to check, each row with the console's card.
    await expect
      .poll(async () => ((await app.call('batches.get', { id: batchId })) as BatchRows).rows.map((r) => r.status), {
        timeout: 15_000
      })
      .toEqual(['imported', 'imported', 'imported'])
    const rows = ((await app.call('batches.get', { id: batchId })) as BatchRows).rows
    const cards = await demo.held<HeldCard>('cards')
    for (const row of rows) {
      const held = cards.filter((c) => c.nfc_id?.toUpperCase() === row.nfcId && c.status !== 'deleted')
      // Imported once (the lost part was never sent again), and the row names that very card.
      expect(held).toHaveLength(1)
      expect(row.token).toBe(held[0]!.token)
    }
    expect((await app.call('batches.list')).batches.find((b: { id: string }) => b.id === batchId)).toMatchObject({
      counts: expect.objectContaining({ unknown: 0 })
    })
  })
})
