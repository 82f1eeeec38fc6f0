import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { buildCatalog } from '../../../src/cli/catalog'
import { outOf } from '../../../src/main/cli-output'
import { streamItems } from '../../../src/main/cli-stream'
import type { AccessClient } from '../../../src/main/services/access/client'
import type { Dispatch } from '../../../src/main/services/ipc/dispatch'

/**
 * `--stream` holds one page whatever the list's length (20,000 or 100,000 cards into a slow `jq`):
 * the next page is asked for only once every item of the one before was written, and a write is
 * done only once the pipe took it. bench/cli-stream-memory.bench.ts measures the memory this keeps.
 */
const catalog = buildCatalog('0')
const channel = (name: string) => catalog.channels.find((c) => c.name === name)!
/** Lets every promise that can settle settle (the stream moves on as far as it can). */
const settle = () => new Promise((resolve) => setImmediate(resolve))

/** A writer whose items up to `holdAt` are written at once, that one only when `release` is called. */
function gatedEmit(holdAt: number) {
  const written: unknown[] = []
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const emit = async (item: unknown) => {
    written.push(item)
    if (written.length === holdAt) await gate
  }
  return { written, emit, release: () => release() }
}

describe('--stream (streamItems)', () => {
  it('asks the console for the next page of cards only once the previous page was written', async () => {
    const cards = Array.from({ length: 2500 }, (_, i) => ({ token: `t${i}` }))
    const asked: number[] = []
    const client = {
      nfcCards: {
        list: async ({ page, pageSize }: { page: number; pageSize: number }) => {
          asked.push(page)
          return { items: cards.slice((page - 1) * pageSize, page * pageSize), total: cards.length }
        }
      }
    } as unknown as AccessClient
    const out = gatedEmit(1000)
    const done = streamItems({
      channel: channel('cards.load'),
      input: undefined,
      dispatch: () => Promise.reject(new Error('cards.load streams from the client')),
      client: async () => client,
      emit: out.emit
    })
    await settle()
    // The pipe has not taken page 1's last card: page 2 is not read (nor held) yet.
    expect([asked, out.written.length]).toEqual([[1], 1000])
    out.release()
    await done
    expect(asked).toEqual([1, 2, 3])
    expect(out.written).toEqual(cards)
  })

  it('calls a paged channel page after page with its largest page size, each once the one before was written', async () => {
    const users = Array.from({ length: 450 }, (_, i) => ({ id: `u${i}` }))
    const asked: unknown[] = []
    const dispatch: Dispatch = async (name, input) => {
      asked.push({ name, input })
      const { page, pageSize } = input as { page: number; pageSize: number }
      return { ok: true, result: { items: users.slice((page - 1) * pageSize, page * pageSize), total: users.length } }
    }
    const out = gatedEmit(200)
    const done = streamItems({
      channel: channel('users.list'),
      input: { search: 'a' },
      dispatch,
      client: () => Promise.reject(new Error('a paged channel goes through dispatch')),
      emit: out.emit
    })
    await settle()
    expect(asked).toEqual([{ name: 'users.list', input: { search: 'a', page: 1, pageSize: 200 } }])
    out.release()
    await done
    expect(asked.map((a) => (a as { input: { page: number } }).input.page)).toEqual([1, 2, 3])
    expect(out.written).toEqual(users)
  })
})

describe('the CLI output writer (outOf)', () => {
  /** A pipe that takes 16 bytes before it is full and is read only when `read` is called. */
  function slowPipe() {
    const waiting: (() => void)[] = []
    const pipe = new Writable({
      highWaterMark: 16,
      write: (_chunk, _encoding, callback) => void waiting.push(() => callback())
    })
    return { pipe, read: () => waiting.splice(0).forEach((done) => done()) }
  }

  it('is done with a write once the pipe can take more: at once while it has room, after it drained when full', async () => {
    const { pipe, read } = slowPipe()
    const out = outOf(pipe)
    let done = false
    await out.write('short\n')
    void out.write('a line longer than the pipe holds\n').then(() => (done = true))
    await settle()
    expect(done).toBe(false)
    read()
    read()
    await settle()
    expect(done).toBe(true)
  })

  it('waits for room once however many write at once (--all-consoles): no listener per writer', async () => {
    const { pipe, read } = slowPipe()
    const out = outOf(pipe)
    const writes = Array.from({ length: 12 }, (_, i) => out.write(`console ${i}: a line longer than the pipe holds\n`))
    await settle()
    expect(pipe.listenerCount('drain')).toBe(1)
    for (let i = 0; i < 12; i++) read()
    await Promise.all(writes)
    expect(pipe.listenerCount('drain')).toBe(0)
  })

  it('a reader gone (EPIPE: `| head -n 1` had its line) fails the writes and is said, never thrown unheard', async () => {
    const pipe = new Writable({
      write: (_chunk, _encoding, callback) => callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))
    })
    const out = outOf(pipe)
    expect(out.readerGone).toBe(false)
    await expect(out.write('{"token":"a"}\n')).rejects.toThrow('EPIPE')
    await settle()
    expect(out.readerGone).toBe(true)
    // The call stops at its next item: the write fails at once, nothing more is sent.
    await expect(out.write('{"token":"b"}\n')).rejects.toThrow('The reader of the output closed it.')
  })
})
