import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { ClientRequest } from 'node:http'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import type { BatchRow } from '../../../src/shared/batches/schemas'

type HeldCard = { token: string; nfc_id?: string; display_id?: string; status?: string }

/**
 * After a part of an upload is imported, the console's card list is read once: the audit names the
 * cards the part made by that read (an import's answer gives only tokens), and Import's rows take their
 * numbers from it too, rather than each reading the whole list (up to 20,000 cards) again. Counted on
 * the wire: every request the app's HTTPS client starts (Node's `http.client.request.start`), a read of
 * the whole list being its first page.
 */
describe('an upload reads the card list once per part it imports', () => {
  const app = useAppServices()
  const demo = demoControl(app)

  /** The reads of the whole card list made after each import request (one count per part), while `run` runs. */
  async function readsAfterEachPart(run: () => Promise<unknown>): Promise<number[]> {
    const reads: number[] = []
    const seen = (message: unknown) => {
      const { request } = message as { request: ClientRequest }
      const url = new URL(request.path, 'https://console')
      if (request.method === 'POST' && url.pathname === '/api/v1/developer/credentials/nfc_cards/import') reads.push(0)
      else if (
        request.method === 'GET' &&
        url.pathname === '/api/v1/developer/credentials/nfc_cards/tokens' &&
        url.searchParams.get('page_num') === '1' &&
        reads.length > 0
      )
        reads[reads.length - 1]!++
    }
    subscribe('http.client.request.start', seen)
    try {
      await run()
    } finally {
      unsubscribe('http.client.request.start', seen)
    }
    return reads
  }

  /** The console's card of each NFC ID, as it holds it. */
  async function held(nfcIds: string[]): Promise<HeldCard[]> {
    const cards = await demo.held<HeldCard>('cards')
    return nfcIds.map((id) => cards.find((c) => c.nfc_id?.toUpperCase() === id && c.status !== 'deleted')!)
  }

  it('one part: one read, and both the audit row and the rows name each card by the console’s number', async () => {
    const name = `One read ${randomBytes(3).toString('hex')}`
    const { id: batchId } = await app.call('batches.create', { name })
    const ids = [1, 2, 3].map((n) => `04E1${randomBytes(4).toString('hex').toUpperCase()}0${n}`)
    for (const [i, uid] of ids.entries())
      await app.call('batches.addScan', { batchId, uid, alias: `${name} ${i}`, source: 'typed' })

    const reads = await readsAfterEachPart(() => app.call('batches.upload', { batchId }))
    expect(reads).toEqual([1])

    // The console holds the three cards; the rows and the audit row name them by its numbers.
    const cards = await held(ids)
    for (const card of cards) expect(card?.display_id).toBeTruthy()
    const rows = (await app.call('batches.get', { id: batchId })).rows as BatchRow[]
    expect(rows.map((r) => [r.status, r.token, r.displayId])).toEqual(
      cards.map((c) => ['imported', c.token, c.display_id])
    )
    const audit = ((await app.call('audit.list', { filter: { text: ids[0] } })) as { items: AuditRow[] }).items
    const row = audit.find((r) => r.action === 'import')!
    expect(row.importedCards).toEqual([{ nfcId: ids[0], alias: `${name} 0`, number: cards[0]!.display_id }])
  })

  it('two parts (500 cards a part): one read after each, and every row has its number', async () => {
    const { id: batchId } = await app.call('batches.create', { name: `Two parts ${randomBytes(3).toString('hex')}` })
    const prefix = `04E2${randomBytes(3).toString('hex').toUpperCase()}`
    const ids = Array.from({ length: 501 }, (_, i) => `${prefix}${i.toString(16).toUpperCase().padStart(4, '0')}`)
    expect((await app.call('batches.importCsv', { batchId, text: `${ids.join('\n')}\n` })).added).toBe(501)

    const reads = await readsAfterEachPart(() => app.call('batches.upload', { batchId }))
    expect(reads).toEqual([1, 1])

    const cards = await held(ids)
    const rows = (await app.call('batches.get', { id: batchId })).rows as BatchRow[]
    expect(rows.map((r) => [r.nfcId, r.status, r.displayId])).toEqual(
      cards.map((c, i) => [ids[i], 'imported', c.display_id])
    )
  })
})
