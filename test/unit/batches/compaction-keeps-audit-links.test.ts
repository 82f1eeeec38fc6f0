import { appendFile, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { linkAuditRows } from '../../../src/main/services/batches/check-settles-audit'
import { journalEntrySchema } from '../../../src/main/services/batches/journal-entries'
import { tempDir } from '../../support/temp'

/**
 * A batch journal is compacted to one snapshot when it has grown long. The rows an interrupted upload left
 * "to check" are linked in the journal to the audit row of the request that sent them, which their later
 * check settles: the compaction must keep those links, or that Audit row stays Unknown for ever.
 */
describe('compacting a batch journal after an interrupted upload', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  beforeAll(async () => {
    dir = await tempDir('compaction-links-')
  })
  afterAll(async () => {
    await dir?.remove()
  })

  const service = () =>
    new BatchService({
      dir: join(dir.path, 'batches'),
      client: async () => {
        throw new Error('no console in this test')
      },
      activeConsole: async () => ({ profileId: 'site-a', name: 'Site A' }),
      settleAuditRow: async () => undefined
    })

  const linksOnDisk = async (id: string) => {
    const text = await readFile(join(dir.path, 'batches', `${id}.jsonl`), 'utf8')
    const links = new Map<string, string>()
    for (const line of text.split('\n').filter(Boolean))
      linkAuditRows(links, journalEntrySchema.parse(JSON.parse(line)))
    return links
  }

  it('keeps each row to check linked to the audit row of the request that sent it', async () => {
    const first = service()
    const { id } = await first.create({ name: 'Long' })
    for (const uid of ['04A1B2C3D4E5F6', '04A1B2C3D4E5F7', '04A1B2C3D4E5F8']) await first.addScan(id, uid)
    const rows = (await first.get(id)).rows
    // Many edits make the journal long enough to be compacted when it is next opened.
    for (let i = 0; i < 60; i++) await first.updateRow(id, rows[2]!.id, { alias: `Desk ${i}` })
    await first.close()
    // An upload stopped after its first part went out: two rows sent on audit row "audit-1", no answer.
    const sent = [rows[0]!.id, rows[1]!.id]
    const lines = [
      { t: 'upload-start', uploadId: 'u1', at: new Date().toISOString() },
      { t: 'audit-row', rowIds: sent, auditRowId: 'audit-1' },
      { t: 'sending', uploadId: 'u1', rowIds: sent }
    ]
    await appendFile(join(dir.path, 'batches', `${id}.jsonl`), lines.map((l) => JSON.stringify(l) + '\n').join(''))

    const second = service()
    const batch = await second.get(id)
    expect(batch.rows.filter((r) => r.status === 'unknown').map((r) => r.id)).toEqual(sent)
    await second.close()
    const text = await readFile(join(dir.path, 'batches', `${id}.jsonl`), 'utf8')
    expect(text.split('\n').filter(Boolean).length).toBeLessThan(10) // compacted
    expect([...(await linksOnDisk(id))].sort()).toEqual(sent.map((rowId) => [rowId, 'audit-1']).sort())
    // The compacted journal reads back as the same batch.
    const third = service()
    expect((await third.get(id)).rows.map((r) => [r.id, r.status])).toEqual(batch.rows.map((r) => [r.id, r.status]))
    await third.close()
  })
})
