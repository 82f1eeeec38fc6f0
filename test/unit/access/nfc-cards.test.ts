import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failure, startDemo, type Demo } from './support'

const unknownToken = 'f'.repeat(64)

describe('NFC cards (E5–E8, E16) against the demo console', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(async () => {
    await demo?.stop()
  })

  it('lists one page and reports the total from pagination', async () => {
    const client = demo.client()
    const page = await client.nfcCards.list({ page: 1, pageSize: 25 })
    expect(page.items.length).toBeGreaterThan(0)
    expect(page.items.length).toBeLessThanOrEqual(25)
    expect(page.total).toBeGreaterThanOrEqual(page.items.length)
    const card = page.items[0]!
    expect(card.token).toMatch(/^[0-9a-f]{64}$/)
    expect(['assigned', 'pending', 'disable', 'deleted', 'loss']).toContain(card.status)
  })

  it('all() returns every card once, with progress, whatever page_size echo', async () => {
    const client = demo.client()
    const { total } = await client.nfcCards.list({ page: 1, pageSize: 1 })
    for (const pageSizeEcho of ['requested', 'returned'] as const) {
      await demo.control('PUT', '/__demo/variants', { pageSizeEcho })
      const progress: number[] = []
      const cards = await client.nfcCards.all({
        pageSize: 7,
        onProgress: (loaded, t) => (progress.push(loaded), expect(t).toBe(total))
      })
      expect(cards).toHaveLength(total)
      expect(new Set(cards.map((c) => c.token)).size).toBe(total)
      expect(progress.at(-1)).toBe(total)
    }
    await demo.control('PUT', '/__demo/variants', { pageSizeEcho: 'requested' })
  })

  it('accepts msg "succ" (E6 sample) as success', async () => {
    await demo.control('PUT', '/__demo/variants', { successMsg: 'succ' })
    try {
      const page = await demo.client().nfcCards.list({ page: 1, pageSize: 5 })
      expect(page.items).toHaveLength(5)
    } finally {
      await demo.control('PUT', '/__demo/variants', { successMsg: 'success' })
    }
  })

  it('imports a CSV as multipart, then fetches, renames and deletes a card', async () => {
    const client = demo.client()
    const records = await client.nfcCards.importCsv('04A1B2C3D4,desk-01\n04A1B2C3D5,desk-02\nNOTHEX,desk-03\n', {
      filename: 'batch.csv'
    })
    expect(records.map((r) => r.nfc_id)).toEqual(['04A1B2C3D4', '04A1B2C3D5', 'NOTHEX'])
    expect(records[0]!.token).toMatch(/^[0-9a-f]{64}$/)
    expect(records[2]!.token).toBe('') // a failed row
    // A duplicate alias fails that row.
    const again = await client.nfcCards.importCsv('04A1B2C3D6,desk-01\n')
    expect(again[0]!.token).toBe('')

    const token = records[0]!.token
    const card = await client.nfcCards.get(token)
    expect(card).toMatchObject({ token, alias: 'desk-01' })

    await client.nfcCards.update(token, { alias: 'front desk' })
    expect((await client.nfcCards.get(token)).alias).toBe('front desk')

    await client.nfcCards.remove(token)
    expect(await failure(client.nfcCards.get(token))).toMatchObject({ kind: 'not-found', details: { endpoint: 'E5' } })
  })

  it('an unknown token is not-found; a view-only token may read but not change', async () => {
    const view = demo.client('view')
    expect(await failure(view.nfcCards.get(unknownToken))).toMatchObject({ kind: 'not-found' })
    const [card] = (await view.nfcCards.list({ page: 1, pageSize: 1 })).items
    const denied = await failure(view.nfcCards.update(card!.token, { alias: 'x' }))
    expect(denied).toMatchObject({ kind: 'permission', details: { permission: 'edit:credential', endpoint: 'E8' } })
    expect(await failure(view.nfcCards.remove(card!.token))).toMatchObject({
      kind: 'permission',
      details: { permission: 'edit:credential' }
    })
    expect(await failure(view.nfcCards.importCsv('04A1B2C3D7,x\n'))).toMatchObject({ kind: 'permission' })
  })

  it('an invalid request is a validation error with the console’s reason', async () => {
    const err = await failure(demo.client().nfcCards.list({ page: 0, pageSize: 10 }))
    expect(err).toMatchObject({ kind: 'validation', code: 'CODE_PARAMS_INVALID' })
    expect(err.message).toMatch(/page_num/)
  })
})
