import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { startDemoConsoleProcess, type DemoConsoleInfo, type Started } from '../../support/processes'
import { tempDir } from '../../support/temp'
import { entryArgs } from '../../support/built-entry'

const run = promisify(execFile)

/** The CLI through real pipes: `stdin` is written to its standard input, then closed. */
function cli(dataDir: string, args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  const call = run(process.execPath, [...entryArgs('cli'), '--data', dataDir, ...args])
  call.child.stdin!.end(stdin)
  return call.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr })
  )
}

describe('cli: the API token on standard input, never on the command line', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  let consoleDir: Awaited<ReturnType<typeof tempDir>>
  let demo: Started<DemoConsoleInfo>

  beforeAll(async () => {
    ;[data, consoleDir] = [await tempDir(), await tempDir()]
    demo = await startDemoConsoleProcess(consoleDir.path)
  }, 60_000)
  afterAll(async () => {
    await demo?.stop()
    await Promise.all([data?.remove(), consoleDir?.remove()])
  })

  it('refuses a token given as an argument, saying how to give it; takes it through a pipe', async () => {
    const probe = await cli(data.path, ['connections.probe', JSON.stringify({ url: demo.info.url })])
    expect(probe.code).toBe(0)
    const { fingerprint256 } = JSON.parse(probe.stdout) as { fingerprint256: string }
    const profile = { name: 'Site', url: demo.info.url, fingerprint256 }

    // In argv: refused before anything is opened or sent; nothing saved.
    const inArgv = await cli(data.path, [
      'connections.save',
      JSON.stringify({ ...profile, token: demo.info.tokens.full })
    ])
    expect(inArgv.code).toBe(2)
    expect(inArgv.stderr).toMatch(/not taken on the command line/)
    expect(inArgv.stderr).toMatch(/standard input/)
    expect(inArgv.stderr).toContain(`printf '%s' "$TOKEN" | npm run -s cli -- connections.save`)
    expect(inArgv.stderr).not.toContain(demo.info.tokens.full)

    // Through a pipe: checked with the console and kept (the 0600 token file holds it).
    const saved = await cli(data.path, ['connections.save', JSON.stringify(profile)], demo.info.tokens.full + '\n')
    expect(saved.code).toBe(0)
    // Saving does not select it: the built-in console is still the active one, and the CLI says so.
    expect(saved.stderr).toMatch(/^Using the built-in demo console: it is the active connection in /)
    const { id, check } = JSON.parse(saved.stdout) as { id: string; check: { ok: boolean } }
    expect(check).toMatchObject({ ok: true })
    const list = JSON.parse((await cli(data.path, ['connections.list'])).stdout) as { profiles: { name: string }[] }
    expect(list.profiles.filter((p) => p.name === 'Site')).toHaveLength(1)
    const tokens = await readFile(join(data.path, 'secrets.json'), 'utf8')
    expect(tokens).toContain(demo.info.tokens.full)

    // changeToken: in argv refused (the stored token stays), piped taken, empty stdin said.
    const changeArgv = await cli(data.path, ['connections.changeToken', JSON.stringify({ id, token: 'x'.repeat(40) })])
    expect(changeArgv.code).toBe(2)
    expect(changeArgv.stderr).toMatch(/standard input/)
    const none = await cli(data.path, ['connections.changeToken', JSON.stringify({ id })], '')
    expect(none.code).toBe(2)
    expect(none.stderr).toMatch(/No API token on standard input/)
    const changed = await cli(data.path, ['connections.changeToken', JSON.stringify({ id })], demo.info.tokens.view)
    expect(changed.code).toBe(0)
    const after = await readFile(join(data.path, 'secrets.json'), 'utf8')
    expect(after).toContain(demo.info.tokens.view)
    expect(after).not.toContain(demo.info.tokens.full)
  }, 180_000)
})

describe('cli: usage and the built-in demo console', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  beforeAll(async () => (data = await tempDir()))
  afterAll(async () => data?.remove())

  it('--help and -h print the usage (channels, input, exit codes) and exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const help = await cli(data.path, [flag])
      expect(help.code).toBe(0)
      expect(help.stderr).toBe('')
      expect(help.stdout).toMatch(/^Usage:/m)
      expect(help.stdout).toContain('pins.generate')
      expect(help.stdout).toMatch(/standard input/)
      expect(help.stdout).toMatch(/Exit codes:\n\s+0 .*\n\s+1 .*\n\s+2 /)
    }
  }, 60_000)

  it('says on stderr that the built-in demo console answered when no console is configured', async () => {
    const answer = await cli(data.path, ['pins.generate'])
    expect(answer.code).toBe(0)
    expect(JSON.parse(answer.stdout)).toMatchObject({ pin: expect.stringMatching(/^\d{8}$/) })
    expect(answer.stderr).toBe(
      `Using the built-in demo console: no console is configured in ${data.path} (another folder? check --data DIR).\n`
    )
  }, 60_000)
})
