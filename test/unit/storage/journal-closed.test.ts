import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { access, readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { Journal } from '../../../src/main/services/storage/journal'
import { batchJournalFormat, type JournalEntry } from '../../../src/main/services/batches/journal-entries'
import { tempDir } from '../../support/temp'

const at = '2026-11-22T00:00:00.000Z'
const meta = { id: 'b1', name: 'B', aliasPattern: null, byteOrder: 'as-read' as const, nextNumber: 1, createdAt: at }
const created: JournalEntry = { t: 'create', v: 1, meta: { ...meta, console: null } }
const removal = (i: number): JournalEntry => ({ t: 'remove', rowIds: [`row-${i}`], at })

/**
 * A closed journal writes nothing more: once the app closes (another process may take the data folder
 * next) or a record is deleted (its file unlinked), a late append — a read-back settling an audit row,
 * a step finishing after the close — is refused with CLOSING instead of opening the file again.
 */
describe('a journal once closed', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let path: string

  beforeEach(async () => {
    dir = await tempDir()
    path = join(dir.path, 'b.jsonl')
  })
  afterEach(async () => {
    await dir.remove()
  })

  it('refuses a later append and leaves the file as it was', async () => {
    const journal = await Journal.create(path, [created], batchJournalFormat)
    await journal.append(removal(1))
    const before = await readFile(path, 'utf8')
    await journal.close()
    await expect(journal.append(removal(2))).rejects.toMatchObject({ code: 'CLOSING' })
    await expect(journal.rewrite([created])).rejects.toMatchObject({ code: 'CLOSING' })
    expect(await readFile(path, 'utf8')).toBe(before)
  })

  it('does not bring back the file of a record deleted after its close', async () => {
    const journal = await Journal.create(path, [created], batchJournalFormat)
    await journal.close()
    await unlink(path)
    await expect(journal.append(removal(1))).rejects.toMatchObject({ code: 'CLOSING' })
    await expect(access(path)).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('finishes the appends queued before the close', async () => {
    const journal = await Journal.create(path, [created], batchJournalFormat)
    const queued = journal.append(removal(1))
    const closing = journal.close()
    await queued
    await closing
    expect((await readFile(path, 'utf8')).trim().split('\n')).toHaveLength(2)
  })
})
