import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { hardenedWebPreferences } from '../../src/main/electron/web-preferences'
import { channelNames } from '../../src/shared/ipc/contract'
import { lockDataDir } from '../../src/main/services/storage/data-dir-lock'
import { layOutApp, startMain, type MainProcess, type Report } from './support/start-main'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('the built main bundle under Node with a stand-in electron module', () => {
  let work: string
  let appDir: string
  let main: MainProcess
  let window: Report

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'access-desk-main-'))
    appDir = await layOutApp(join(work, 'app'), join(root, 'out'), join(root, 'node_modules'))
    main = startMain(appDir, join(work, 'user-data'))
    window = await main.next('window', 30_000)
  }, 60_000)

  afterAll(async () => {
    if (main && main.child.exitCode === null) main.child.kill('SIGKILL')
    if (work) await rm(work, { recursive: true, force: true })
  })

  it('loads, handles every channel of the contract once, and opens one window on the built renderer', () => {
    const handled = main.reports.filter((r) => r.type === 'handle').map((r) => r.channel)
    expect([...handled].sort()).toEqual([...channelNames].sort())
    expect(main.reports.filter((r) => r.type === 'window')).toHaveLength(1)
    expect(window['url']).toBe(pathToFileURL(join(appDir, 'out/renderer/index.html')).href)
    expect(existsSync(join(appDir, 'out/renderer/index.html'))).toBe(true)
  })

  it('creates the window with the hardened web preferences and the CommonJS preload', () => {
    const prefs = (window['options'] as { webPreferences: Record<string, unknown> }).webPreferences
    // The source's values (held by test/unit/electron/wiring.test.ts), as the built bundle applies them.
    expect(prefs).toMatchObject(hardenedWebPreferences)
    expect(prefs['preload']).toBe(join(appDir, 'out/preload/index.cjs'))
    expect(existsSync(prefs['preload'] as string)).toBe(true)
  })

  it('denies every permission request', async () => {
    main.child.send({ type: 'permissions' })
    expect(await main.next('permissions')).toMatchObject({ request: false, check: false, device: false })
  })

  it("answers the window's own frame and refuses any other sender", async () => {
    main.child.send({ type: 'invoke', channel: 'connections.list', input: undefined })
    const own = await main.next('invoked', 20_000, (r) => (r['envelope'] as { ok: boolean }).ok)
    const { profiles } = (own['envelope'] as { result: { profiles: { url: string; demo?: boolean }[] } }).result
    // First start: the built-in demo console is the one connection.
    expect(profiles).toHaveLength(1)
    main.child.send({ type: 'invoke', channel: 'connections.list', input: undefined, subframe: true })
    const sub = await main.next('invoked', 20_000, (r) => !(r['envelope'] as { ok: boolean }).ok)
    expect(sub['envelope']).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } })
  })

  it("opens in the browser only the console's own address", async () => {
    main.child.send({ type: 'invoke', channel: 'connections.list', input: undefined })
    const listed = await main.next('invoked')
    const consoleUrl = (listed['envelope'] as { result: { profiles: { url: string }[] } }).result.profiles[0]!.url
    expect(consoleUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    for (const url of ['https://docs.example/', 'file:///etc/passwd', 'http://127.0.0.1/', `${consoleUrl}/access`])
      main.child.send({ type: 'open', url })
    await main.next('openExternal')
    // Every request was denied inside the app; one went to the browser.
    await main.next('opened', 5_000, (r) => r['url'] === `${consoleUrl}/access`)
    expect(main.reports.filter((r) => r.type === 'opened').every((r) => r['action'] === 'deny')).toBe(true)
    expect(main.reports.filter((r) => r.type === 'openExternal').map((r) => r['url'])).toEqual([`${consoleUrl}/access`])
  })

  it("refuses to start on a data folder another process holds, in the system's language, in a dialog, exit 1", async () => {
    // Held by another Access Desk process (here this test, as web mode or the CLI would hold it); a second
    // desktop app never gets this far (Electron's single-instance lock).
    const held = join(work, 'held-data')
    const lock = await lockDataDir(held, 'web mode')
    try {
      const refused = startMain(appDir, held, 'de-DE')
      const box = await refused.next('errorBox', 30_000)
      expect(box['title']).toBe('Access Desk konnte nicht starten')
      expect(box['content']).toMatch(/^Der Datenordner .* wird vom Web-Modus \(Prozess \d+/)
      expect(box['content']).toContain('--data DIR')
      expect((await refused.exited).code).toBe(1)
    } finally {
      await lock.release()
    }
  })

  it('quits when its window closes and exits by itself: nothing is left running', async () => {
    main.child.send({ type: 'close' })
    await main.next('quit')
    const started = Date.now()
    const { code, signal } = await main.exited
    expect({ code, signal }).toEqual({ code: 0, signal: null })
    // Not through app.exit(), main's way out of a failed start.
    expect(main.reports.filter((r) => r.type === 'exit')).toEqual([])
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(main.stderr()).not.toMatch(/Error|could not start/)
    // It ran for real: the demo console's data and the profiles were written to userData.
    expect((await stat(join(work, 'user-data'))).isDirectory()).toBe(true)
  })
})
