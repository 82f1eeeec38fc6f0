import { randomBytes } from 'node:crypto'
import Papa from 'papaparse'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'

type HeldCard = { token: string; nfc_id?: string; display_id: string; status?: string }

/** The CSV's lines of one batch's import rows, as records by header. */
function importLines(csv: string, batchName: string): Record<string, string>[] {
  const { data } = Papa.parse<Record<string, string>>(csv.replace(/^\ufeff/, ''), {
    header: true,
    skipEmptyLines: true
  })
  return data.filter((r) => r['action'] === 'import' && r['detail']?.includes(batchName))
}

/**
 * The audit CSV of an upload whose answer was lost (the console's own 500 after it imported, an import
 * it may apply in part), then checked on Import with one card deleted meanwhile: each card's line says
 * what became of that card — the two on the console done, the one not there not done — as the row
 * says "2 of 3 found"; before the check, every line is to check. The console's cards afterwards.
 */
describe("an upload's audit CSV: a line per card, each with that card's outcome", () => {
  const app = useAppServices()
  const demo = demoControl(app)
  beforeEach(() => {
    vi.spyOn(app.services.audit, 'settleLater').mockResolvedValue()
  })
  afterEach(async () => {
    vi.restoreAllMocks()
    await demo.clearFaults()
  })
  const held = async (nfcId: string) =>
    (await demo.held<HeldCard>('cards')).filter((c) => c.nfc_id?.toUpperCase() === nfcId && c.status !== 'deleted')
  const csv = async () => ((await app.call('audit.exportCsv', { timeZone: 'UTC' })) as { text: string }).text

  it("a part answered by the console's own 500, checked with one card gone: done, done, not done", async () => {
    const name = `Part-${randomBytes(3).toString('hex')}`
    const { id: batchId } = await app.call('batches.create', { name })
    const ids = [1, 2, 3].map(() => `04${randomBytes(6).toString('hex').toUpperCase()}`)
    for (const uid of ids) await app.call('batches.addScan', { batchId, uid, source: 'typed' })
    await demo.faults({ afterCommit: { status500: 1, paths: ['POST /credentials/nfc_cards/import'] } })
    await app.call('batches.upload', { batchId }).catch(() => undefined)
    await demo.clearFaults()

    const before = importLines(await csv(), name)
    expect(before.map((r) => [r['NFC ID'], r['outcome code']])).toEqual(ids.map((id) => [id, 'unknown']))

    const [gone] = await held(ids[0]!)
    await app.call('cards.delete', { token: gone!.token })
    expect(await app.call('batches.check', { batchId })).toMatchObject({ found: 2, absent: 1 })
    expect(await held(ids[0]!)).toEqual([])
    expect(await held(ids[1]!)).toHaveLength(1)
    expect(await held(ids[2]!)).toHaveLength(1)

    const after = importLines(await csv(), name)
    expect(after.map((r) => [r['NFC ID'], r['outcome code']])).toEqual([
      [ids[0], 'notDone'],
      [ids[1], 'ok'],
      [ids[2], 'ok']
    ])
    // The cards the check found are named by the console's numbers; the one not there has none.
    const numbers = [undefined, (await held(ids[1]!))[0]!.display_id, (await held(ids[2]!))[0]!.display_id]
    expect(after.map((r) => [r['card number'] || undefined, r['target name'] || undefined])).toEqual(
      numbers.map((n) => [n, n && `Card ${n}`])
    )
  })

  it("an upload answered: each card's line names the card by the console's number, as Import shows it", async () => {
    const name = `Named-${randomBytes(3).toString('hex')}`
    const { id: batchId } = await app.call('batches.create', { name })
    const ids = [1, 2].map(() => `04${randomBytes(6).toString('hex').toUpperCase()}`)
    for (const uid of ids) await app.call('batches.addScan', { batchId, uid, source: 'typed' })
    await app.call('batches.upload', { batchId })

    const cards = await Promise.all(ids.map(async (id) => (await held(id))[0]!))
    expect(cards.map((c) => c.display_id)).toEqual([expect.any(String), expect.any(String)])
    const lines = importLines(await csv(), name)
    expect(lines.map((r) => [r['NFC ID'], r['card number'], r['target name'], r['outcome code']])).toEqual(
      cards.map((c, i) => [ids[i], c.display_id, `Card ${c.display_id}`, 'ok'])
    )
  })
})
