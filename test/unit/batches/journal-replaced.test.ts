import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Journal } from '../../../src/main/services/storage/journal'
import { batchJournalFormat, type JournalEntry } from '../../../src/main/services/batches/journal-entries'
import { tempDir } from '../../support/temp'

const at = '2026-11-22T00:00:00.000Z'
const entry = (i: number): JournalEntry => ({ t: 'remove', rowIds: [`row-${i}`], at })
const line = (e: unknown) => JSON.stringify(e) + '\n'

/**
 * Finding: another process compacted a batch journal (a new file renamed over it) while this one
 * held the old file open; its appends went into the replaced file and were acknowledged, then lost
 * at the next start. An append into a file that is no longer the journal's path must fail, loudly,
 * every time (never quietly write into whichever file is there now).
 */
describe('a journal whose file was replaced behind its back', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let path: string
  beforeEach(async () => {
    dir = await tempDir()
    path = join(dir.path, 'b.jsonl')
  })
  afterEach(async () => dir.remove())

  it('refuses appends once another file was renamed over it, and leaves that file alone', async () => {
    const journal = await Journal.create(path, [entry(0)], batchJournalFormat)
    await journal.append(entry(1))
    // Another process compacts: a new file, renamed over the path (as writeFileAtomic does).
    const other = join(dir.path, '.b.jsonl.tmp')
    await writeFile(other, line(entry(0)) + line(entry(1)))
    await rename(other, path)

    for (const i of [2, 3]) {
      await expect(journal.append(entry(i))).rejects.toMatchObject({
        kind: 'storage',
        code: 'JOURNAL_REPLACED',
        message: expect.stringMatching(/replaced by another process.*not saved/),
        hint: expect.stringMatching(/Only one Access Desk process/)
      })
    }
    expect(await readFile(path, 'utf8')).toBe(line(entry(0)) + line(entry(1)))
    await journal.close()
  })

  it('refuses appends once the file was removed', async () => {
    const journal = await Journal.create(path, [entry(0)], batchJournalFormat)
    await journal.append(entry(1))
    await unlink(path)
    await expect(journal.append(entry(2))).rejects.toMatchObject({ code: 'JOURNAL_REPLACED' })
    await journal.close()
  })

  it('its own compaction (rewrite) is not a replacement: appends go on into the new file', async () => {
    const journal = await Journal.create(path, [entry(0)], batchJournalFormat)
    await journal.append(entry(1))
    await journal.rewrite([entry(9)])
    await journal.append(entry(2))
    await journal.close()
    expect(await readFile(path, 'utf8')).toBe(line(entry(9)) + line(entry(2)))
  })
})
