import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { startDemoConsoleProcess, type DemoConsoleInfo, type Started } from '../../support/processes'
import { tempDir } from '../../support/temp'
import { cli as run } from './support'

/** The CLI through real pipes on one data folder: `stdin` is written to its standard input, then closed. */
const cli = (dataDir: string, args: string[], stdin = '') => run(['--data', dataDir, ...args], { stdin })

describe('cli: the API token on standard input, never on the command line', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  let consoleDir: Awaited<ReturnType<typeof tempDir>>
  let demo: Started<DemoConsoleInfo>

  beforeAll(async () => {
    ;[data, consoleDir] = [await tempDir(), await tempDir()]
    demo = await startDemoConsoleProcess(consoleDir.path)
  }, 120_000)
  afterAll(async () => {
    await demo?.stop()
    await Promise.all([data?.remove(), consoleDir?.remove()])
  })

  it('refuses a token given as an argument, saying how to give it; takes it through a pipe', async () => {
    const probe = await cli(data.path, ['connections.probe', JSON.stringify({ url: demo.info.url })])
    expect(probe.code).toBe(0)
    const { fingerprint256 } = JSON.parse(probe.stdout) as { fingerprint256: string }
    const profile = { name: 'Site', url: demo.info.url, fingerprint256 }

    // In argv (JSON or option): refused before anything is opened or sent; nothing saved.
    for (const args of [
      ['connections.save', JSON.stringify({ ...profile, token: demo.info.tokens.full })],
      ['connections.save', JSON.stringify(profile), '--token', demo.info.tokens.full]
    ]) {
      const inArgv = await cli(data.path, args)
      expect(inArgv.code).toBe(2)
      expect(inArgv.stderr).toMatch(/not taken on the command line/)
      expect(inArgv.stderr).toMatch(/standard input/)
      expect(inArgv.stderr).toContain(`printf '%s' "$TOKEN" | access-desk connections.save`)
      expect(inArgv.stderr).not.toContain(demo.info.tokens.full)
    }
    // Its input from standard input too: refused, standard input is the token's.
    expect((await cli(data.path, ['connections.save', '-'], JSON.stringify(profile))).code).toBe(2)

    // Through a pipe: checked with the console and kept (the 0600 token file holds it).
    const saved = await cli(data.path, ['connections.save', JSON.stringify(profile)], demo.info.tokens.full + '\n')
    expect(saved.code).toBe(0)
    expect(saved.stderr).toBe('')
    const { id, check } = JSON.parse(saved.stdout) as { id: string; check: { ok: boolean } }
    expect(check).toMatchObject({ ok: true })
    // The first console saved is the active one: no built-in demo console in between.
    const list = JSON.parse((await cli(data.path, ['connections.list'])).stdout) as {
      profiles: { id: string; name: string; demo: boolean }[]
      activeId: string
    }
    expect(list.profiles).toMatchObject([{ id, name: 'Site', demo: false }])
    expect(list.activeId).toBe(id)
    const tokens = await readFile(join(data.path, 'secrets.json'), 'utf8')
    expect(tokens).toContain(demo.info.tokens.full)

    // changeToken: in argv refused (the stored token stays), piped taken, empty stdin said.
    const changeArgv = await cli(data.path, ['connections.changeToken', JSON.stringify({ id, token: 'x'.repeat(40) })])
    expect(changeArgv.code).toBe(2)
    expect(changeArgv.stderr).toMatch(/standard input/)
    const none = await cli(data.path, ['connections.changeToken', '--id', id], '')
    expect(none.code).toBe(2)
    expect(none.stderr).toMatch(/No API token on standard input/)
    const changed = await cli(data.path, ['connections.changeToken', '--id', id], demo.info.tokens.view)
    expect(changed.code).toBe(0)
    const after = await readFile(join(data.path, 'secrets.json'), 'utf8')
    expect(after).toContain(demo.info.tokens.view)
    expect(after).not.toContain(demo.info.tokens.full)
  }, 180_000)
})
