import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appendFile, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { AppError } from '../../../src/shared/errors'
import { journalFormat } from '../../../src/main/services/storage/journal'
import { JournalDirectory, type JournalFile } from '../../../src/main/services/storage/journal-directory'
import { tempDir } from '../../support/temp'

/** A record of the smallest kind: a counter made by `create`, grown by each `add`. */
const entrySchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('create'), id: z.string() }),
  z.object({ t: z.literal('add'), n: z.number().int() })
])
type Entry = z.infer<typeof entrySchema>
const format = journalFormat(entrySchema, 'tally', {
  afterWrite: 'The last count was not saved.',
  damagedHint: 'Keep a copy of the file.'
})

interface Tally extends JournalFile<Entry> {
  id: string
  total: number
}

function replay(file: JournalFile<Entry>, entries: Entry[]): Tally {
  const first = entries[0]
  if (first?.t !== 'create') throw new Error('the journal does not start a tally')
  let total = 0
  for (const e of entries) if (e.t === 'add') total += e.n
  return { ...file, id: first.id, total }
}

const line = (e: Entry) => JSON.stringify(e) + '\n'

describe('a folder of journals (storage/journal-directory.ts)', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let folder: string
  const directory = (path = folder) =>
    new JournalDirectory<Entry, Tally>({
      dir: path,
      format,
      open: replay,
      idOf: (t) => t.id,
      notFound: () => new AppError({ kind: 'not-found', code: 'TALLY_NOT_FOUND', message: 'No such tally.' })
    })

  beforeEach(async () => {
    dir = await tempDir('journal-directory-')
    folder = join(dir.path, 'tallies')
  })
  afterEach(async () => {
    await dir.remove()
  })

  it('lists a file with a damaged line as unreadable, keeps it as it is, and loads the others', async () => {
    const files = directory()
    const a = await files.create('a', [{ t: 'create', id: 'a' }], (f) => ({ ...f, id: 'a', total: 0 }))
    await a.journal.append({ t: 'add', n: 2 })
    await files.close()
    const damaged = line({ t: 'create', id: 'b' }) + '{"t":"add","n":"two"}\n' + line({ t: 'add', n: 1 })
    await writeFile(join(folder, 'b.jsonl'), damaged)
    await writeFile(join(folder, 'not-a-tally.jsonl'), line({ t: 'add', n: 1 }))
    await writeFile(join(folder, 'notes.txt'), 'not a journal')

    const again = directory()
    const { records, unreadable } = await again.all()
    expect(records.map((t) => [t.id, t.total])).toEqual([['a', 2]])
    expect(unreadable).toEqual([
      { file: 'b.jsonl', message: `Line 2 of ${join(folder, 'b.jsonl')} is damaged; the tally was not loaded.` },
      { file: 'not-a-tally.jsonl', message: expect.stringContaining('the journal does not start a tally') }
    ])
    expect(await readFile(join(folder, 'b.jsonl'), 'utf8')).toBe(damaged)
    await expect(again.get('b')).rejects.toMatchObject({ code: 'TALLY_NOT_FOUND' })
    await again.close()
  })

  it('replays a file whose last line was torn by a crash: the torn line is dropped and later appends start clean', async () => {
    const files = directory()
    const a = await files.create('a', [{ t: 'create', id: 'a' }], (f) => ({ ...f, id: 'a', total: 0 }))
    await a.journal.append({ t: 'add', n: 5 })
    await files.close()
    await appendFile(join(folder, 'a.jsonl'), '{"t":"add","n":4') // the crash: no newline, never acknowledged

    const again = directory()
    const reopened = await again.get('a')
    expect(reopened.total).toBe(5)
    await reopened.journal.append({ t: 'add', n: 1 })
    await again.close()
    expect(await readFile(join(folder, 'a.jsonl'), 'utf8')).toBe(
      line({ t: 'create', id: 'a' }) + line({ t: 'add', n: 5 }) + line({ t: 'add', n: 1 })
    )
    expect((await directory().get('a')).total).toBe(6)
  })

  it("runs a record's changes one after another through its write lock; a failed one does not stop the next", async () => {
    const files = directory()
    const a = await files.create('a', [{ t: 'create', id: 'a' }], (f) => ({ ...f, id: 'a', total: 0 }))
    const order: string[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const first = files.exclusive(a, async () => {
      order.push('first starts')
      await held
      await a.journal.append({ t: 'add', n: 1 })
      order.push('first ends')
    })
    const failing = files.exclusive(a, async () => {
      order.push('second')
      throw new Error('refused')
    })
    const third = files.exclusive(a, async () => {
      order.push('third')
      return 'done'
    })
    // Close waits for the changes already queued before it closes the journal.
    const closed = files.close().then(() => order.push('closed'))
    await Promise.resolve()
    expect(order).toEqual(['first starts'])
    release()
    await first
    await expect(failing).rejects.toThrow('refused')
    expect(await third).toBe('done')
    await closed
    expect(order).toEqual(['first starts', 'first ends', 'second', 'third', 'closed'])
    expect((await directory().get('a')).total).toBe(1)
  })

  it('a folder that could not be read is read again at the next use', async () => {
    await writeFile(folder, 'a file where the folder should be')
    const files = directory()
    await expect(files.all()).rejects.toMatchObject({ code: 'EEXIST' })
    await rm(folder)
    expect(await files.all()).toEqual({ records: [], unreadable: [] })
  })

  it('removes a record and its file', async () => {
    const files = directory()
    await files.create('a', [{ t: 'create', id: 'a' }], (f) => ({ ...f, id: 'a', total: 0 }))
    await files.create('b', [{ t: 'create', id: 'b' }], (f) => ({ ...f, id: 'b', total: 0 }))
    await files.remove('a')
    expect(await readdir(folder)).toEqual(['b.jsonl'])
    await expect(files.get('a')).rejects.toMatchObject({ code: 'TALLY_NOT_FOUND' })
    await files.close()
    expect((await directory().all()).records.map((t) => t.id)).toEqual(['b'])
  })

  it('says a failed write with the words of the one format every journal uses', () => {
    const path = join(folder, 'a.jsonl')
    expect(format.writeFailed(path, new Error('ENOSPC'))).toMatchObject({
      kind: 'storage',
      code: 'TALLY_WRITE_FAILED',
      message: 'The tally could not be saved: ENOSPC',
      hint: `Check free space and permissions of ${folder}. The last count was not saved.`,
      retryable: true
    })
    expect(format.damaged(path, 3)).toMatchObject({
      code: 'TALLY_DAMAGED',
      hint: 'Keep a copy of the file.',
      details: { path, line: 3 }
    })
  })
})
