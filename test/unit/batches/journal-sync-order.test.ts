import { afterEach, describe, expect, it, vi } from 'vitest'
import { join } from 'node:path'
import { tempDir } from '../../support/temp'

// What the journal asks of the file system, in order: the real calls go through, each is written
// down. (The strace test of test/unit/durability checks the same on the real system calls, but runs
// in a child process.) `failWrites` makes the next write fail after storing nothing.
const log: string[] = []
let failWrites = false
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...real,
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args)
      log.push(`open ${String(args[1])}`)
      const write = handle.write.bind(handle) as (b: Buffer, o: number, l: number) => Promise<{ bytesWritten: number }>
      const datasync = handle.datasync.bind(handle)
      const close = handle.close.bind(handle)
      return Object.assign(handle, {
        write: async (buffer: Buffer, offset: number, length: number) => {
          if (failWrites) throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' })
          log.push('write')
          return write(buffer, offset, length)
        },
        datasync: async () => {
          await datasync()
          log.push('datasync')
        },
        close: async () => {
          log.push('close')
          return close()
        }
      })
    }
  }
})

const { Journal } = await import('../../../src/main/services/storage/journal')
const { batchJournalFormat } = await import('../../../src/main/services/batches/journal-entries')
const entry = (i: number) => ({ t: 'remove' as const, rowIds: [`row-${i}`], at: '2026-11-22T00:00:00.000Z' })

describe('journal appends and the file system', () => {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined
  afterEach(async () => {
    failWrites = false
    log.length = 0
    await dir?.remove()
  })

  it('each append is written and synced before it resolves; the file stays open between appends', async () => {
    dir = await tempDir()
    const journal = await Journal.create(join(dir.path, 'b.jsonl'), [entry(0)], batchJournalFormat)
    log.length = 0
    await journal.append(entry(1)).then(() => log.push('resolved 1'))
    await journal.append(entry(2), entry(3)).then(() => log.push('resolved 2'))
    await journal.close()
    expect(log).toEqual(['open a', 'write', 'datasync', 'resolved 1', 'write', 'datasync', 'resolved 2', 'close'])
  })

  it('a failed write closes the file: the next append opens it afresh', async () => {
    dir = await tempDir()
    const path = join(dir.path, 'b.jsonl')
    const journal = await Journal.create(path, [entry(0)], batchJournalFormat)
    await journal.append(entry(1))
    log.length = 0
    failWrites = true
    await expect(journal.append(entry(2))).rejects.toMatchObject({ code: 'BATCH_WRITE_FAILED' })
    expect(log).toEqual(['close'])
    failWrites = false
    await journal.append(entry(3))
    await journal.close()
    expect(log).toEqual(['close', 'open a', 'write', 'datasync', 'close'])
    expect((await Journal.replay(path, batchJournalFormat)).entries).toEqual([entry(0), entry(1), entry(3)])
  })
})
