import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { tempDir } from '../../support/temp'
import { entryArgs } from '../../support/built-entry'

const run = promisify(execFile)
const cli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, [...entryArgs('cli'), '--data', dataDir, ...args])

describe('cli', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  beforeAll(async () => (data = await tempDir()))
  afterAll(async () => data?.remove())

  it('lists every channel with its input and output as JSON Schema', async () => {
    const { stdout } = await cli(data.path, 'channels')
    const list = JSON.parse(stdout) as { name: string; input: object; output: { type?: string } }[]
    const pins = list.find((c) => c.name === 'pins.generate')
    expect(pins?.output).toMatchObject({ type: 'object', properties: { pin: { type: 'string' } } })
    expect(list.find((c) => c.name === 'connections.save')?.input).toMatchObject({ type: 'object' })
  })

  it('generates a PIN through the same handlers (against the built-in demo console)', async () => {
    const { stdout } = await cli(data.path, 'pins.generate')
    expect(JSON.parse(stdout).pin).toMatch(/^\d{8}$/)
  })

  it('prints the error and exits 1 on bad input', async () => {
    const failure = await cli(data.path, 'connections.select', '{"id": 5}').catch(
      (e: { code: number; stderr: string }) => e
    )
    expect(failure).toMatchObject({ code: 1 })
    expect(JSON.parse((failure as { stderr: string }).stderr)).toMatchObject({ kind: 'validation' })
  })

  it('prints the whole channel list through a pipe whose reader is slow (more than 64 KiB)', async () => {
    // The reader starts after the CLI has written: the pipe's buffer fills, the rest must still arrive.
    const { stdout } = await run(
      'sh',
      ['-c', `"${process.execPath}" ${entryArgs('cli').join(' ')} --data "${data.path}" channels | (sleep 1; cat)`],
      { maxBuffer: 16 * 1024 * 1024 }
    )
    expect(stdout.length).toBeGreaterThan(64 * 1024)
    const list = JSON.parse(stdout) as { name: string }[]
    expect(list.map((c) => c.name)).toContain('pins.generate')
  })
})
