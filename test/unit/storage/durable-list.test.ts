import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DurableList } from '../../../src/main/services/storage/durable-list'
import { tempDir } from '../../support/temp'

const entrySchema = z.object({ id: z.string() })

describe('a durable list, one console at a time', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  let active: string | null
  const scope = async () => active
  const path = () => join(data.path, 'kept', 'list.json')
  const onDisk = async () => JSON.parse(await readFile(path(), 'utf8')).entries as { id: string; console?: string }[]
  beforeEach(async () => {
    data = await tempDir()
    active = 'console-a'
  })
  afterEach(async () => data.remove())

  it('binds a file written before entries carried their console to the console of its first read, on disk, losing none', async () => {
    await mkdir(join(data.path, 'kept'), { recursive: true })
    await writeFile(path(), JSON.stringify({ version: 1, entries: [{ id: 'old-1' }, { id: 'old-2' }] }))
    active = null
    const list = new DurableList(path(), entrySchema, 10, scope)
    // No console yet: none is read, and none is bound.
    expect(await list.list()).toEqual([])
    expect(await onDisk()).toEqual([{ id: 'old-1' }, { id: 'old-2' }])
    active = 'console-a'
    expect(await list.list()).toEqual([{ id: 'old-2' }, { id: 'old-1' }])
    expect(await onDisk()).toEqual([
      { id: 'old-1', console: 'console-a' },
      { id: 'old-2', console: 'console-a' }
    ])
    // Another console (and a new process on it) reads none of them; they stay A's.
    active = 'console-b'
    expect(await list.list()).toEqual([])
    expect(await new DurableList(path(), entrySchema, 10, scope).list()).toEqual([])
    active = 'console-a'
    expect(await new DurableList(path(), entrySchema, 10, scope).list()).toHaveLength(2)
  })

  it("caps each console's entries on its own: a busy console never pushes another's out", async () => {
    const list = new DurableList(path(), entrySchema, 3, scope)
    await list.append({ id: 'a-1' })
    await list.append({ id: 'a-2' })
    active = 'console-b'
    for (let i = 1; i <= 5; i++) await list.append({ id: `b-${i}` })
    expect((await list.list()).map((e) => e.id)).toEqual(['b-5', 'b-4', 'b-3'])
    expect(await list.find((e) => e.id === 'a-1')).toBeUndefined()
    active = 'console-a'
    expect((await list.list()).map((e) => e.id)).toEqual(['a-2', 'a-1'])
    expect(await list.find((e) => e.id === 'a-1')).toEqual({ id: 'a-1' })
  })

  it('refuses to keep a record when no console is active, writing nothing', async () => {
    active = null
    const list = new DurableList(path(), entrySchema, 3, scope)
    await expect(list.append({ id: 'x' })).rejects.toMatchObject({ code: 'NO_CONNECTION' })
    await expect(readFile(path(), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
