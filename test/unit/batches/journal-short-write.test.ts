import { afterEach, describe, expect, it, vi } from 'vitest'
import { join } from 'node:path'
import { readFile } from 'node:fs/promises'
import { tempDir } from '../../support/temp'

// A disk nearly full is outside what this machine can produce: the file handle is wrapped so that
// writes store only part of their bytes, or fail after a partial write.
let mode: 'half' | 'fail-after-half' | 'normal' = 'normal'
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...real,
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args)
      const write = handle.write.bind(handle) as (b: Buffer, o: number, l: number) => Promise<{ bytesWritten: number }>
      return Object.assign(handle, {
        write: async (buffer: Buffer, offset = 0, length = buffer.length - offset) => {
          if (mode === 'normal' || length < 4) return write(buffer, offset, length)
          const half = Math.floor(length / 2)
          const result = await write(buffer, offset, half)
          if (mode === 'fail-after-half')
            throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
          return result
        }
      })
    }
  }
})

const { Journal } = await import('../../../src/main/services/storage/journal')
const { batchJournalFormat } = await import('../../../src/main/services/batches/journal-entries')
const entry = (i: number) => ({ t: 'remove' as const, rowIds: [`row-${i}`], at: '2026-11-22T00:00:00.000Z' })

describe('journal appends on a disk that writes short', () => {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined
  afterEach(async () => {
    mode = 'normal'
    await dir?.remove()
  })

  it('writes every byte of an entry even when the OS stores only part of each write', async () => {
    dir = await tempDir()
    const path = join(dir.path, 'b.jsonl')
    const journal = await Journal.create(path, [entry(0)], batchJournalFormat)
    mode = 'half'
    await journal.append(entry(1), entry(2))
    await journal.close()
    mode = 'normal'
    const { entries } = await Journal.replay(path, batchJournalFormat)
    expect(entries).toEqual([entry(0), entry(1), entry(2)])
  })

  it('cuts a failed append back off, so the next one is not glued to a torn line', async () => {
    dir = await tempDir()
    const path = join(dir.path, 'b.jsonl')
    const journal = await Journal.create(path, [entry(0)], batchJournalFormat)
    mode = 'fail-after-half'
    await expect(journal.append(entry(1))).rejects.toMatchObject({ kind: 'storage', code: 'BATCH_WRITE_FAILED' })
    mode = 'normal'
    await journal.append(entry(2))
    await journal.close()
    expect((await readFile(path, 'utf8')).split('\n').filter(Boolean)).toHaveLength(2)
    const { entries } = await Journal.replay(path, batchJournalFormat)
    expect(entries).toEqual([entry(0), entry(2)])
  })
})
