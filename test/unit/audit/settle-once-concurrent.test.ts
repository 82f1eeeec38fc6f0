import { afterEach, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AuditLog, type BeginInput } from '../../../src/main/services/audit/audit-log'
import { RowsToSettle, settleWrite, type ReadBackFinding } from '../../../src/main/services/audit/settle-write'
import type { WriteSettled } from '../../../src/shared/audit/write-settled'
import { AppError } from '../../../src/shared/errors'
import { tempDir } from '../../support/temp'

/**
 * A give whose answer was lost is read back by two hands at once: the service's own read right after
 * the lost answer (settleWrite on its error) and the next try of the same write, which finds the row
 * still Unknown and settles it by its id (settleRow). One settlement per row: the second is a no-op, so
 * the journal holds one settling line and the Audit screen says the read-back once.
 */
const give: BeginInput = {
  console: { name: 'HQ', url: 'https://10.0.0.2:12445' },
  desk: { user: 'ana', host: 'desk-7' },
  action: 'assign',
  endpoint: { id: 'E5', title: 'Assign an NFC card to a user' },
  target: { kind: 'NFC card', name: 'Card 0042' }
}
const found: ReadBackFinding = { done: true, fact: { kind: 'readBackFound', found: 1, sent: 1 } }

describe('a lost answer read back twice at once', () => {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined
  afterEach(async () => {
    await dir?.remove()
    dir = undefined
  })

  it('is settled once: one line in the journal, one sentence on the row, said to the screens once', async () => {
    dir = await tempDir()
    const log = new AuditLog(dir.path, { retentionDays: () => 365 })
    const said: WriteSettled[] = []
    const rows = new RowsToSettle(
      (rowId, end) => log.settleUnknown(rowId, end),
      (settled) => said.push(settled)
    )
    const id = await log.begin(give)
    await log.end(id, { outcome: 'unknown', message: 'Assign an NFC card to a user (E5): connection reset' })
    const error = new AppError({ kind: 'network', code: 'NETWORK', message: 'connection reset', details: {} })
    rows.awaitReadBack(error, (end) => log.end(id, end), id)

    await Promise.all([settleWrite(error, found), rows.settleRow(id, found), rows.settleRow(id, found)])

    const lines = (await readFile(join(dir.path, 'audit.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { t: string; id: string; said?: { key: string } })
    expect(lines.filter((l) => l.t === 'end' && l.id === id && l.said?.key === 'settled')).toHaveLength(1)
    const row = (await log.page({}, 0, 10)).items.find((r) => r.id === id)
    expect(row).toMatchObject({ outcome: 'ok', facts: [found.fact] })
    expect(said).toEqual([{ rowId: id, done: true }])
    await log.close()
  })
})
