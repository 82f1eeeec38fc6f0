import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mkdir, readFile, readdir, readlink, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Journal } from '../../../src/main/services/storage/journal'
import { batchJournalFormat, type JournalEntry } from '../../../src/main/services/batches/journal-entries'
import { tempDir } from '../../support/temp'

const at = '2026-11-22T00:00:00.000Z'
const entry = (i: number): JournalEntry => ({ t: 'remove', rowIds: [`row-${i}`], at })
const meta = { id: 'b1', name: 'B', aliasPattern: null, byteOrder: 'as-read' as const, nextNumber: 1, createdAt: at }
const line = (e: unknown) => JSON.stringify(e) + '\n'

/** The files this process holds open (Linux): a closed journal must not be among them. */
async function openFiles(): Promise<string[]> {
  const fds = await readdir('/proc/self/fd')
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')))
  return targets
}

/** The batch journal on real files: what replay reads back, and what a failed write says. */
describe('batch journal', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let path: string

  beforeEach(async () => {
    dir = await tempDir()
    path = join(dir.path, 'b.jsonl')
  })
  afterEach(async () => {
    await dir.remove()
  })

  it('writes one JSON line per entry and reads them back in order', async () => {
    const journal = await Journal.create(
      path,
      [{ t: 'create', v: 1, meta: { ...meta, console: null } }],
      batchJournalFormat
    )
    expect(await readFile(path, 'utf8')).toBe(line({ t: 'create', v: 1, meta: { ...meta, console: null } }))
    await journal.append(entry(1), entry(2))
    await journal.append(entry(3))
    await journal.close()
    expect(await readFile(path, 'utf8')).toBe(
      line({ t: 'create', v: 1, meta: { ...meta, console: null } }) + line(entry(1)) + line(entry(2)) + line(entry(3))
    )
    const { journal: again, entries } = await Journal.replay(path, batchJournalFormat)
    expect(again.path).toBe(path)
    expect(entries).toEqual([{ t: 'create', v: 1, meta: { ...meta, console: null } }, entry(1), entry(2), entry(3)])
  })

  it('fills defaults of older files and skips empty lines', async () => {
    // A batch written before byte order and console were kept, with a blank line in the middle.
    await writeFile(path, line({ t: 'create', v: 1, meta: { ...meta, byteOrder: undefined } }) + '\n' + line(entry(1)))
    const { entries } = await Journal.replay(path, batchJournalFormat)
    expect(entries).toEqual([{ t: 'create', v: 1, meta: { ...meta, console: null } }, entry(1)])
  })

  it('reads an empty file as no entries', async () => {
    await writeFile(path, '')
    expect((await Journal.replay(path, batchJournalFormat)).entries).toEqual([])
  })

  it('cuts off a torn last line, and the next append starts on a line of its own', async () => {
    await writeFile(path, line(entry(1)) + '{"t":"remove","rowIds":["r')
    const { journal, entries } = await Journal.replay(path, batchJournalFormat)
    expect(entries).toEqual([entry(1)])
    expect(await readFile(path, 'utf8')).toBe(line(entry(1)))
    await journal.append(entry(2))
    await journal.close()
    expect((await Journal.replay(path, batchJournalFormat)).entries).toEqual([entry(1), entry(2)])
  })

  it('refuses a damaged complete line, naming its line number (blank lines counted)', async () => {
    await writeFile(path, line(entry(1)) + '\n' + '{"t":"remove"}\n' + line(entry(2)))
    await expect(Journal.replay(path, batchJournalFormat)).rejects.toMatchObject({
      kind: 'storage',
      code: 'BATCH_DAMAGED',
      message: `Line 3 of ${path} is damaged; the batch was not loaded.`,
      hint: 'Keep a copy of the file and report it. Other batches are not affected.',
      details: { path, line: 3 }
    })
    await writeFile(path, 'not json\n')
    await expect(Journal.replay(path, batchJournalFormat)).rejects.toMatchObject({
      code: 'BATCH_DAMAGED',
      details: { path, line: 1 }
    })
  })

  it('a rewrite replaces the file, and later appends land in the new file', async () => {
    const journal = await Journal.create(path, [entry(1)], batchJournalFormat)
    await journal.append(entry(2))
    await journal.rewrite([entry(9)])
    expect(await readFile(path, 'utf8')).toBe(line(entry(9)))
    await journal.append(entry(10))
    await journal.close()
    expect((await Journal.replay(path, batchJournalFormat)).entries).toEqual([entry(9), entry(10)])
  })

  it('appends run one after another in call order', async () => {
    const journal = await Journal.create(path, [], batchJournalFormat)
    await Promise.all(Array.from({ length: 20 }, (_, i) => journal.append(entry(i))))
    await journal.close()
    expect((await Journal.replay(path, batchJournalFormat)).entries).toEqual(
      Array.from({ length: 20 }, (_, i) => entry(i))
    )
  })

  it('closing releases the file, and nothing is written to it after (journal-closed.test.ts)', async () => {
    const journal = await Journal.create(path, [entry(1)], batchJournalFormat)
    await journal.append(entry(2))
    expect(await openFiles()).toContain(path)
    await journal.close()
    expect(await openFiles()).not.toContain(path)
    await expect(journal.append(entry(3))).rejects.toMatchObject({ code: 'CLOSING' })
    expect(await openFiles()).not.toContain(path)
    expect((await Journal.replay(path, batchJournalFormat)).entries).toEqual([entry(1), entry(2)])
  })

  it('a write that fails says the batch was not saved, where, and that it can be retried; later writes still work', async () => {
    // Created, not yet appended to: no handle is open, so the next append opens the path.
    const journal = await Journal.create(path, [entry(1)], batchJournalFormat)
    // Tests run as root here, so permissions cannot refuse a write: a directory in the file's place does.
    await rm(path)
    await mkdir(join(path, 'in-the-way'), { recursive: true })
    const error = await journal.append(entry(2)).catch((err: unknown) => err)
    expect(error).toMatchObject({
      kind: 'storage',
      code: 'BATCH_WRITE_FAILED',
      message: `The batch could not be saved: EISDIR: illegal operation on a directory, open '${path}'`,
      hint: `Check free space and permissions of ${dir.path}. The last change was not saved.`,
      retryable: true
    })
    // A rewrite cannot replace it either, and says so the same way.
    await expect(journal.rewrite([entry(9)])).rejects.toMatchObject({
      kind: 'storage',
      code: 'BATCH_WRITE_FAILED',
      message: expect.stringMatching(/^The batch could not be saved: /),
      retryable: true
    })
    // The queue goes on after failures.
    await rm(path, { recursive: true })
    await journal.append(entry(3))
    await journal.close()
    expect((await Journal.replay(path, batchJournalFormat)).entries).toEqual([entry(3)])
  })
})
