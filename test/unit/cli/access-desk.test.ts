import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { channelNames } from '../../../src/shared/ipc/contract'
import { buildCatalog } from '../../../src/cli/catalog'
import { channelHelp } from '../../../src/cli/help'
import { cliWords } from '../../../src/shared/i18n/file-words'
import { startDemoConsoleProcess, type DemoConsoleInfo, type Started } from '../../support/processes'
import { tempDir } from '../../support/temp'
import { cli, demoControl, pipeline, probeConsole, saveConsole } from './support'

const root = process.cwd()
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
const catalog = buildCatalog(version)
const STACK = /\n\s+at .+:\d+:\d+/

// Each call is a process of its own: seconds apiece on a loaded machine.
vi.setConfig({ testTimeout: 120_000 })

describe('access-desk: help, version and channels, from the contract', () => {
  it('--help and -h print the usage with every channel and the exit codes; never a stack', async () => {
    for (const flag of ['--help', '-h']) {
      const help = await cli([flag])
      expect(help.code).toBe(0)
      expect(help.stderr).toBe('')
      expect(help.stdout).toMatch(/^Usage:\n\s+access-desk <channel>/m)
      for (const name of channelNames) expect(help.stdout).toContain(name)
      expect(help.stdout).toMatch(/Exit codes:\n\s+0 .*\n\s+1 .*\n\s+2 .*\n\s+3 .*\n\s+4 /)
    }
    // No channel: the usage on stderr, exit 2; an unknown option or channel: said in words, exit 2.
    const none = await cli([])
    expect(none).toMatchObject({ code: 2, stdout: '' })
    expect(none.stderr).toMatch(/^Usage:/m)
    for (const args of [['--bogus'], ['users.lst'], ['users.list', '--data']]) {
      const bad = await cli(args)
      expect(bad.code).toBe(2)
      expect(bad.stderr).not.toMatch(STACK)
      expect(bad.stderr.length).toBeGreaterThan(0)
    }
    expect((await cli(['users.lst'])).stderr).toMatch(
      /Unknown channel "users.lst"\. Did you mean users\.list, users\.search, users\.get\?/
    )
  })

  it('--version prints the package version; channels lists every channel of the contract as JSON Schema', async () => {
    expect(await cli(['--version'])).toEqual({ code: 0, stdout: `access-desk ${version}\n`, stderr: '' })
    const listed = await cli(['channels'])
    expect(listed.code).toBe(0)
    const list = JSON.parse(listed.stdout) as { name: string; input: object; output: object }[]
    expect(list.map((c) => c.name)).toEqual(channelNames)
    expect(list.find((c) => c.name === 'pins.generate')?.output).toMatchObject({
      type: 'object',
      properties: { pin: { type: 'string' } }
    })
  })

  it('<channel> --help is the channel help generated from its zod schemas', async () => {
    for (const name of ['users.list', 'cards.assign', 'connections.save']) {
      const help = await cli([name, '--help'])
      expect(help.code).toBe(0)
      expect(help.stdout).toBe(
        channelHelp(
          catalog.channels.find((c) => c.name === name)!,
          cliWords('en')
        )
      )
    }
    const usersList = (await cli(['users.list', '--help'])).stdout
    expect(usersList).toMatch(/--pageSize <integer>\s+1–200, default 25/)
    expect(usersList).toMatch(/--stream: one JSON line per item of "items" \(NDJSON\), every page\./)
  })

  // The built launcher's static imports: what `--help`, `--version`, `channels` and `<channel> --help` load.
  it('the built launcher loads neither zod nor the services before a real call', () => {
    const seen = new Set<string>()
    const walk = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      const text = readFileSync(join(root, 'out/main', file), 'utf8')
      for (const [, spec] of text.matchAll(/^import\s+(?:[^'"]*?from\s+)?["']([^"']+)["'];?$/gm)) {
        if (spec!.startsWith('./')) walk(spec!.slice(2))
        else seen.add(spec!)
      }
    }
    walk('access-desk.js')
    expect([...seen].filter((m) => !m.startsWith('node:') && !m.endsWith('.js'))).toEqual([])
    expect([...seen].some((m) => /cli-call|handlers|contract/.test(m))).toBe(false)
    // Nor the CLI's catalogue and its formatter: a help loads them, its language's only (src/main/cli-help-words.ts).
    const loaded = [...seen]
      .filter((m) => m.endsWith('.js'))
      .map((m) => readFileSync(join(root, 'out/main', m), 'utf8'))
    expect(loaded.filter((text) => /"help\.title":|\bIntlMessageFormat\b/.test(text))).toEqual([])
    expect(existsSync(join(root, 'out/main/cli-catalog.json'))).toBe(true)
    expect(readFileSync(join(root, 'out/main/access-desk.js'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/)
  })
})

describe('access-desk: which console', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  beforeAll(async () => (data = await tempDir()))
  afterAll(async () => data?.remove())

  it('with no console configured says how to add one (exit 2), never answers from the demo console', async () => {
    const none = await cli(['--data', data.path, 'pins.generate'])
    expect(none.code).toBe(2)
    expect(none.stdout).toBe('')
    const error = JSON.parse(none.stderr) as { code: string; message: string; hint: string }
    expect(error).toMatchObject({ code: 'NO_CONSOLE_IN_FOLDER', message: `No console is configured in ${data.path}.` })
    expect(error.hint).toMatch(/access-desk connections\.probe --url/)
    expect(error.hint).toMatch(/--demo/)
    // A mistyped --data is said, not made.
    const typo = await cli(['--data', join(data.path, 'typo'), 'users.list'])
    expect(typo.code).toBe(2)
    expect(typo.stderr).toMatch(/^No data folder at .*typo/)
    expect(existsSync(join(data.path, 'typo'))).toBe(false)
  })

  it('--demo uses the built-in demo console, and saves no console', async () => {
    const pin = await cli(['--data', data.path, '--demo', 'pins.generate'])
    expect(pin.code).toBe(0)
    expect(JSON.parse(pin.stdout)).toMatchObject({ pin: expect.stringMatching(/^\d{8}$/) })
    const list = JSON.parse((await cli(['--data', data.path, 'connections.list'])).stdout) as { profiles: unknown[] }
    expect(list.profiles).toEqual([])
  }, 60_000)
})

describe('access-desk against demo consoles: exit codes, --stream, --all-consoles', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  const dirs: Awaited<ReturnType<typeof tempDir>>[] = []
  const started: Started<DemoConsoleInfo>[] = []
  let site: Started<DemoConsoleInfo>
  let large: Started<DemoConsoleInfo>
  const start = async (extra: string[] = []) => {
    const dir = await tempDir()
    dirs.push(dir)
    // With time for the large seed on a loaded machine.
    const demo = await startDemoConsoleProcess(dir.path, extra, { timeoutMs: 180_000 })
    started.push(demo)
    return demo
  }

  beforeAll(async () => {
    data = await tempDir()
    // Started side by side, and their certificates read side by side (each a process of its own, seconds on a
    // loaded machine; one CLI at a time per data folder, so each read from a folder of its own). Saved one
    // after another, in the order the tests name them.
    const [a, b, moved, down] = await Promise.all([start(), start(['--seed', 'large']), start(), start()])
    ;[site, large] = [a, b]
    const certs = await Promise.all(
      [site, large, moved, down].map(async (c) => {
        const probes = await tempDir()
        dirs.push(probes)
        return probeConsole(probes.path, c.info.url)
      })
    )
    await saveConsole(data.path, 'Site', site.info, certs[0])
    await saveConsole(data.path, 'Large', large.info, certs[1])
    await saveConsole(data.path, 'Moved', moved.info, certs[2])
    await saveConsole(data.path, 'Down', down.info, certs[3])
    // "Moved": another console now answers at its address, with another certificate.
    const port = new URL(moved.info.url).port
    await Promise.all([moved.stop().then(() => start(['--port', port])), down.stop()])
  }, 600_000)
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()))
    await Promise.all([data, ...dirs].map((d) => d?.remove()))
  })

  const call = (...args: string[]) => cli(['--data', data.path, ...args])

  it('exit 0 with the answer; the active console is the first saved, --console picks another for one call', async () => {
    const users = await call('users.list', '--pageSize', '5')
    expect(users.code).toBe(0)
    expect((JSON.parse(users.stdout) as { items: unknown[] }).items).toHaveLength(5)
    const onLarge = await call('--console', 'large', 'users.list', '--pageSize', '1')
    expect((JSON.parse(onLarge.stdout) as { total: number }).total).toBe(2000)
    // Only for that call: the active console is still Site.
    const list = JSON.parse((await call('connections.list')).stdout) as {
      profiles: { id: string; name: string }[]
      activeId: string
    }
    expect(list.profiles.find((p) => p.id === list.activeId)?.name).toBe('Site')
    const unknown = await call('--console', 'Nowhere', 'users.list')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toBe('No saved console is named "Nowhere". Saved: "Site", "Large", "Moved", "Down".\n')
  })

  it('a write through --field options: the console holds the change afterwards', async () => {
    const control = demoControl(site.info)
    const before = (await control.held('cards')) as { token: string; alias: string }[]
    const card = before[0]!
    const removed = await call('cards.delete', '--token', card.token)
    expect(removed).toMatchObject({ code: 0 })
    expect(JSON.parse(removed.stdout)).toEqual({ deleted: true })
    const after = (await control.held('cards')) as { token: string; status?: string }[]
    const held = after.find((c) => c.token === card.token)
    expect(held === undefined || held.status === 'deleted').toBe(true)
  })

  it('exit 1 refused by the console, 2 bad input, 3 unreachable, 4 certificate changed', async () => {
    const refused = await call('cards.get', '--token', 'no-such-card')
    expect(refused.code).toBe(1)
    expect(JSON.parse(refused.stderr)).toMatchObject({ kind: 'not-found', code: 'CODE_RESOURCE_NOT_FOUND' })

    const badInput = await call('users.list', '--pageSize', '0')
    expect(badInput.code).toBe(2)
    expect(JSON.parse(badInput.stderr)).toMatchObject({ kind: 'validation', code: 'INVALID_INPUT' })
    const badField = await call('cards.get', '--tokn', 'x')
    expect(badField).toMatchObject({ code: 2, stdout: '' })
    expect(badField.stderr).toBe('cards.get has no field --tokn. Its fields: --token. (access-desk cards.get --help)\n')
    const notJson = await call('cards.get', '{token:')
    expect(notJson.code).toBe(2)
    expect(notJson.stderr).toMatch(/^The input as the argument is not JSON/)

    const control = demoControl(site.info)
    await control.faults({ resetRate: 1 })
    try {
      const reset = await call('users.list')
      expect(reset.code).toBe(3)
      expect(JSON.parse(reset.stderr)).toMatchObject({ kind: 'network' })
    } finally {
      await control.clearFaults()
    }
    const down = await call('--console', 'Down', 'users.list')
    expect(down.code).toBe(3)
    expect(JSON.parse(down.stderr)).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' })

    const moved = await call('--console', 'Moved', 'users.list')
    expect(moved.code).toBe(4)
    expect(JSON.parse(moved.stderr)).toMatchObject({ kind: 'tls' })
    expect(moved.stderr).not.toMatch(STACK)
  }, 240_000)

  it('--stream writes 20,000 cards a line each, as many as the console holds', async () => {
    const held = (await demoControl(large.info).held('cards')).length
    expect(held).toBe(20_000)
    const lines = await pipeline(`$CLI --data '${data.path}' --console Large cards.load --stream | wc -l`)
    expect(Number(lines.trim())).toBe(held)
    // A reader that stops at its first line: the rest is not wanted, which is no failure (exit 0, no stack).
    const said = await tempDir()
    try {
      const first = await pipeline(
        `{ $CLI --data '${data.path}' --console Large cards.load --stream 2>'${said.path}/stderr'; ` +
          `echo $? >'${said.path}/code'; } | head -n 1`
      )
      expect(JSON.parse(first)).toMatchObject({ token: expect.any(String), display_id: expect.any(String) })
      const [code, stderr] = await Promise.all(['code', 'stderr'].map((f) => readFile(join(said.path, f), 'utf8')))
      expect({ code: code!.trim(), stderr }).toEqual({ code: '0', stderr: '' })
    } finally {
      await said.remove()
    }
    // A paged channel: every page, not the first one only.
    const users = await pipeline(`$CLI --data '${data.path}' --console Large users.list --stream | wc -l`)
    expect(Number(users.trim())).toBe(2000)
  }, 240_000)

  it('--table prints people as columns', async () => {
    // English headers whatever the shell's LANG (the CLI follows it: cli-language.test.ts).
    const table = await call('users.list', '--pageSize', '3', '--table', '--language', 'en')
    expect(table.code).toBe(0)
    const [header, ...rows] = table.stdout.trimEnd().split('\n')
    expect(header).toMatch(/^NAME\s+EMAIL\s+EMPLOYEE NO\.\s+STATUS\s+ID$/)
    expect(rows).toHaveLength(3)
    expect((await call('cards.get', '--token', 'x', '--table')).code).toBe(2)
  })

  it('--all-consoles labels each console’s result; a dead or slow console delays none of the others', async () => {
    const all = await call('users.list', '--pageSize', '2', '--all-consoles', '--timeout', '5')
    const results = JSON.parse(all.stdout) as {
      console: string
      ok: boolean
      result?: { total: number }
      error?: { kind: string }
    }[]
    expect(results.map((r) => [r.console, r.ok])).toEqual([
      ['Site', true],
      ['Large', true],
      ['Moved', false],
      ['Down', false]
    ])
    expect(results[1]!.result!.total).toBe(2000)
    expect(results[2]!.error).toMatchObject({ kind: 'tls' })
    expect(results[3]!.error).toMatchObject({ kind: 'network' })
    // The first console (in saved order) that did not answer sets the exit code: Moved, certificate.
    expect(all.code).toBe(4)

    // NDJSON: a line per item, each labelled; a line per console that failed.
    const lines = (await pipeline(`$CLI --data '${data.path}' users.list --all-consoles --stream || true`))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { console: string; ok: boolean; item?: unknown })
    const siteUsers = (await demoControl(site.info).held('users')).length
    expect(lines.filter((l) => l.console === 'Site' && l.ok)).toHaveLength(siteUsers)
    expect(lines.filter((l) => l.console === 'Large' && l.ok)).toHaveLength(2000)
    expect(
      lines
        .filter((l) => !l.ok)
        .map((l) => l.console)
        .sort()
    ).toEqual(['Down', 'Moved'])

    // Site made slow: its time limit ends it, and Large's answer is there all the same.
    const control = demoControl(site.info)
    await control.faults({ latencyMs: 20_000 })
    try {
      const slow = await call('pins.capabilities', '--all-consoles', '--timeout', '2')
      const outcomes = JSON.parse(slow.stdout) as { console: string; ok: boolean; error?: { code: string } }[]
      expect(outcomes[0]).toMatchObject({ console: 'Site', ok: false, error: { code: 'CONSOLE_TIMEOUT' } })
      expect(outcomes[1]).toMatchObject({ console: 'Large', ok: true })
      expect(slow.code).toBe(3)
    } finally {
      await control.clearFaults()
    }
    // Writes are refused: --all-consoles runs reads only.
    expect((await call('cards.delete', '--token', 'x', '--all-consoles')).code).toBe(2)
  }, 240_000)

  it('the token is read from standard input and kept in the token file, never taken as an argument', async () => {
    const secrets = await readFile(join(data.path, 'secrets.json'), 'utf8')
    expect(secrets).toContain(site.info.tokens.full)
    const inArgv = await call('connections.save', '--name', 'X', '--url', site.info.url, '--token', 'abc')
    expect(inArgv.code).toBe(2)
    expect(inArgv.stderr).toMatch(/not taken on the command line/)
  })
})
