import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../support/temp'
import { cli, pipeline } from './support'

describe('cli', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  beforeAll(async () => (data = await tempDir()))
  afterAll(async () => data?.remove())

  it('generates a PIN through the same handlers (against the built-in demo console, asked for)', async () => {
    const { code, stdout } = await cli(['--data', data.path, '--demo', 'pins.generate'])
    expect(code).toBe(0)
    expect(JSON.parse(stdout).pin).toMatch(/^\d{8}$/)
  }, 60_000)

  it('prints the error as JSON and exits 2 on input the contract refuses', async () => {
    const failure = await cli(['--data', data.path, 'connections.select', '{"id": 5}'])
    expect(failure.code).toBe(2)
    expect(JSON.parse(failure.stderr)).toMatchObject({ kind: 'validation', code: 'INVALID_INPUT' })
  }, 60_000)

  it('prints the whole channel list through a pipe whose reader is slow (more than 64 KiB)', async () => {
    // The reader starts after the CLI has written: the pipe's buffer fills, the rest must still arrive.
    const stdout = await pipeline(`$CLI channels | (sleep 1; cat)`)
    expect(stdout.length).toBeGreaterThan(64 * 1024)
    const list = JSON.parse(stdout) as { name: string }[]
    expect(list.map((c) => c.name)).toContain('pins.generate')
  }, 60_000)
})
