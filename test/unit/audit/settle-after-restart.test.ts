import { afterEach, describe, expect, it } from 'vitest'
import { AuditLog, type BeginInput } from '../../../src/main/services/audit/audit-log'
import { RowsToSettle } from '../../../src/main/services/audit/settle-write'
import { tempDir } from '../../support/temp'

/**
 * An upload cut by a restart of the app leaves its audit row Unknown on disk. "Check with the console"
 * after the restart settles that row through the journal (the in-memory link of the run that wrote it
 * is gone): once, only while the row is still Unknown, never a row answered or settled already.
 */
const upload = (name: string): BeginInput => ({
  console: { name: 'HQ', url: 'https://10.0.0.2:12445' },
  desk: { user: 'ana', host: 'desk-7' },
  action: 'import',
  endpoint: { id: 'E16', title: 'Import third-party NFC cards' },
  target: { kind: 'NFC card', name }
})

describe('an upload row left Unknown by a restart', () => {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined
  afterEach(async () => {
    await dir?.remove()
    dir = undefined
  })

  it('is settled by a check made after the restart, once; an answered row is left alone', async () => {
    dir = await tempDir()
    const before = new AuditLog(dir.path, { retentionDays: () => 365 })
    const cut = await before.begin(upload('Lobby batch'))
    await before.end(cut, { outcome: 'unknown', message: 'Import third-party NFC cards (E16) was cancelled' })
    const answered = await before.begin(upload('Other batch'))
    await before.end(answered, { outcome: 'ok' })
    await before.close()

    // The app again: a new log over the same journal, nothing held in memory of the run that wrote it.
    const after = new AuditLog(dir.path, { retentionDays: () => 365 })
    const run = new RowsToSettle((rowId, end) => after.settleUnknown(rowId, end))
    await run.settleRow(cut, { done: false, fact: { kind: 'readBackFound', found: 0, sent: 3 } })
    await run.settleRow(cut, { done: true })
    await run.settleRow(answered, { done: false })
    const rows = (await after.page({}, 0, 10)).items
    expect(rows.find((r) => r.id === cut)).toMatchObject({
      outcome: 'notDone',
      detail: 'read back: none of the 3 cards found on the console'
    })
    expect(rows.find((r) => r.id === answered)).toMatchObject({ outcome: 'ok' })
    await after.close()

    // What the disk holds: the settling line once, read back by the next start too.
    const again = new AuditLog(dir.path, { retentionDays: () => 365 })
    expect((await again.page({}, 0, 10)).items.find((r) => r.id === cut)).toMatchObject({ outcome: 'notDone' })
    await again.close()
  })
})
