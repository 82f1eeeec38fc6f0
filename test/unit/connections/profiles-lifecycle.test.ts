import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Connections } from '../../../src/main/services/connections/connections'
import { createConfStore } from '../../../src/main/services/storage/key-value-store'
import { createFileSecretStore } from '../../../src/main/services/connections/secret-store'
import { AppError } from '../../../src/shared/errors'
import { failure, startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { startDemoConsole } from '../../../src/demo-console/server'

type Dir = Awaited<ReturnType<typeof tempDir>>

/**
 * The connection profiles over their whole life: first start, a saved console, restarts, the active
 * one removed, a token gone from the store, a demo console that cannot start. Real files in a temp
 * data dir, a real console (in this process) for the saved profiles, the app's own demo console.
 */
describe('connection profiles', () => {
  let remote: Demo
  /** A second console (its own certificate): a second address of `remote` would be `remote` again. */
  let annex: Demo
  const dirs: Dir[] = []
  const open: Connections[] = []

  /** A Connections on a data dir, as the app builds it, recording what it announces. */
  const connections = async (dir?: Dir) => {
    const data = dir ?? (await tempDir())
    if (!dir) dirs.push(data)
    const changes: (string | null)[] = []
    const c = new Connections({
      store: createConfStore(data.path, 'profiles'),
      secrets: createFileSecretStore(data.path),
      dataDir: data.path,
      startDemoConsole,
      onChange: (id) => changes.push(id)
    })
    open.push(c)
    return { c, changes, data }
  }
  const addRemote = async (
    c: Connections,
    name = 'Lab console',
    token = remote.console.tokens.full,
    url = remote.console.url
  ) => {
    const cert = await c.probe(url)
    return c.save({ name, url, token, fingerprint256: cert.fingerprint256 })
  }
  const refusal = (promise: Promise<unknown>) => failure(promise).then((e) => (e as AppError).toData())

  beforeAll(async () => {
    ;[remote, annex] = await Promise.all([startDemo(), startDemo()])
  })
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close()
  })
  afterAll(async () => {
    for (const d of dirs) await d.remove()
    await remote?.stop()
    await annex?.stop()
  })

  it('first start: one demo profile, selected and announced; a second start adds nothing', async () => {
    const { c, changes, data } = await connections()
    await c.ensureFirstStart()
    const demo = await c.demoConsole()
    const { profiles, activeId } = await c.list()
    expect(profiles).toEqual([
      {
        id: activeId,
        name: 'Demo console',
        url: demo.url,
        fingerprint256: demo.fingerprint256,
        demo: true,
        hasToken: true,
        tokenStorage: 'demo'
      }
    ])
    expect(changes).toEqual([activeId])
    await c.ensureFirstStart()
    expect((await c.list()).profiles).toHaveLength(1)
    expect(changes).toEqual([activeId])
    // The demo console's data lives in the app's data dir.
    expect((await stat(join(data.path, 'demo-console'))).isDirectory()).toBe(true)
  })

  it('a saved console: address without trailing slashes, token checked, kept in the file; the first stays active', async () => {
    const { c, changes } = await connections()
    await c.ensureFirstStart()
    const demoId = (await c.list()).activeId
    const cert = await c.probe(remote.console.url)
    const saved = await c.save({
      name: 'Lab console',
      url: remote.console.url + '//',
      token: remote.console.tokens.full,
      fingerprint256: cert.fingerprint256
    })
    expect(saved).toMatchObject({
      name: 'Lab console',
      url: remote.console.url,
      fingerprint256: remote.console.fingerprint256,
      demo: false,
      hasToken: true,
      tokenStorage: 'file'
    })
    expect(saved.check?.ok).toBe(true)
    expect((await c.list()).activeId).toBe(demoId)
    expect(changes).toEqual([demoId])
    // The client of the saved profile talks to that console with that token.
    expect(await (await c.client(saved.id)).pinCodes.generate()).toMatch(/^\d+$/)
    expect((await c.test(saved.id)).ok).toBe(true)
  })

  it('an edit without a token keeps the token and pin, and sends nothing to the console', async () => {
    const { c } = await connections()
    await c.ensureFirstStart()
    const saved = await addRemote(c)
    const before = await c.client(saved.id)
    // The console is not even asked: its address is made unreachable for this edit.
    const edited = await c.save({
      id: saved.id,
      name: 'Lab console (2nd floor)',
      url: 'https://127.0.0.1:1',
      fingerprint256: saved.fingerprint256
    })
    expect(edited).toEqual({ ...saved, name: 'Lab console (2nd floor)', url: 'https://127.0.0.1:1', check: undefined })
    expect(edited).not.toHaveProperty('check')
    expect((await c.list()).profiles.filter((p) => !p.demo)).toHaveLength(1)
    // The cached client of the old address is replaced by one for the new address.
    const after = await c.client(saved.id)
    expect(after).not.toBe(before)
    expect(await failure(after.pinCodes.generate())).toMatchObject({ kind: 'network' })
  })

  it('refuses to save a new console without a token, an unknown id, and any edit of the demo console', async () => {
    const { c } = await connections()
    await c.ensureFirstStart()
    const cert = await c.probe(remote.console.url)
    const input = { name: 'x', url: remote.console.url, fingerprint256: cert.fingerprint256 }
    expect(await refusal(c.save(input))).toMatchObject({
      kind: 'validation',
      message: 'Paste the API token for this console.'
    })
    expect(await refusal(c.save({ ...input, id: 'nope', token: 't' }))).toEqual({
      kind: 'not-found',
      message: 'No connection with id nope.',
      hint: 'Reload the list of connections.',
      retryable: false
    })
    const demoId = (await c.list()).activeId!
    const demoEdit = {
      kind: 'validation',
      message: 'The demo console cannot be edited.',
      hint: 'Add a new connection instead.'
    }
    expect(await refusal(c.save({ ...input, id: demoId }))).toMatchObject(demoEdit)
    // Its token is changed as any token is, to one of its own (demo-tokens.test.ts): a wrong one is refused.
    expect(await refusal(c.changeToken({ id: demoId, token: 't' }))).toMatchObject({ code: 'TOKEN_REFUSED' })
    expect(await refusal(c.trustCertificate({ id: demoId, fingerprint256: cert.fingerprint256 }))).toMatchObject(
      demoEdit
    )
    for (const call of [
      c.changeToken({ id: 'nope', token: 't' }),
      c.trustCertificate({ id: 'nope', fingerprint256: cert.fingerprint256 }),
      c.certificate('nope'),
      c.select('nope'),
      c.remove('nope'),
      c.client('nope'),
      c.test('nope')
    ]) {
      expect(await refusal(call)).toMatchObject({ kind: 'not-found', message: 'No connection with id nope.' })
    }
    expect((await c.list()).profiles).toHaveLength(1)
  })

  it('the fingerprint must be the one the user looked at, for saving and for trusting', async () => {
    const { c } = await connections()
    await c.ensureFirstStart()
    const saved = await addRemote(c)
    const other = 'AA:' + remote.console.fingerprint256.slice(3)
    const moved = {
      kind: 'tls',
      code: 'CERT_CHANGED',
      message: `The certificate of ${remote.console.url} changed between checking and saving.`,
      hint: 'Check the fingerprint again before trusting it.'
    }
    expect(
      await refusal(c.save({ name: 'y', url: remote.console.url, token: 't', fingerprint256: other }))
    ).toMatchObject(moved)
    expect(await refusal(c.trustCertificate({ id: saved.id, fingerprint256: other }))).toMatchObject(moved)
    // The one presented now is trusted again as is; nothing else changes.
    expect(await c.trustCertificate({ id: saved.id, fingerprint256: saved.fingerprint256 })).toEqual(
      (({ check: _check, ...rest }) => rest)(saved)
    )
  })

  it("certificate(): what a console presents next to its pin, the demo console's too", async () => {
    const { c } = await connections()
    await c.ensureFirstStart()
    const saved = await addRemote(c)
    expect(await c.certificate(saved.id)).toMatchObject({
      id: saved.id,
      pinned: remote.console.fingerprint256,
      presented: { fingerprint256: remote.console.fingerprint256 },
      changed: false
    })
    const demo = await c.demoConsole()
    const demoId = (await c.list()).activeId!
    expect(await c.certificate(demoId)).toMatchObject({
      pinned: demo.fingerprint256,
      presented: { fingerprint256: demo.fingerprint256 },
      changed: false
    })
  })

  it('select announces the new active console; removing it selects the first left and announces that', async () => {
    const { c, changes } = await connections()
    await c.ensureFirstStart()
    const demoId = (await c.list()).activeId!
    const lab = await addRemote(c)
    // Another console: the same certificate would be the same console (same-console.test.ts).
    const front = await addRemote(c, 'Front desk', annex.console.tokens.view, annex.console.url)
    const selected = await c.select(lab.id)
    expect(selected).toMatchObject({ id: lab.id, url: remote.console.url })
    expect((await c.list()).activeId).toBe(lab.id)
    expect(changes).toEqual([demoId, lab.id])
    // Not the active one: nothing to announce, the active one stays.
    await c.remove(front.id)
    expect((await c.list()).activeId).toBe(lab.id)
    expect(changes).toEqual([demoId, lab.id])
    await c.remove(lab.id)
    expect((await c.list()).activeId).toBe(demoId)
    expect(changes).toEqual([demoId, lab.id, demoId])
    // The last one: no console selected, and calls say so.
    await c.remove(demoId)
    expect(await c.list()).toEqual({ profiles: [], activeId: null })
    expect(changes).toEqual([demoId, lab.id, demoId, null])
    expect(await refusal(c.client())).toEqual({
      kind: 'validation',
      code: 'NO_CONNECTION',
      message: 'No console is selected.',
      hint: 'Add or choose a console in Settings → Connections.',
      retryable: false
    })
    // A console saved now becomes the active one: there is no other.
    const again = await addRemote(c)
    expect((await c.list()).activeId).toBe(again.id)
  })

  it('one client per profile, until the profile changes', async () => {
    const { c } = await connections()
    await c.ensureFirstStart()
    const lab = await addRemote(c)
    const first = await c.client(lab.id)
    expect(await c.client(lab.id)).toBe(first)
    await c.changeToken({ id: lab.id, token: remote.console.tokens.view })
    const second = await c.client(lab.id)
    expect(second).not.toBe(first)
    expect(await failure(second.sessions.remove('00000000-0000-4000-8000-000000000000'))).toMatchObject({
      kind: 'permission'
    })
    // The active (demo) one is the default.
    expect(await c.client()).toBe(await c.client((await c.list()).activeId!))
  })

  it('a token missing from the store is said by name, with where to put one', async () => {
    const { c, data } = await connections()
    await c.ensureFirstStart()
    const lab = await addRemote(c)
    await writeFile(join(data.path, 'secrets.json'), '{}')
    const missing = {
      kind: 'auth',
      code: 'NO_TOKEN',
      message: 'No API token is stored for "Lab console".',
      hint: 'Open Settings → Connections and use Change token… on this console.'
    }
    expect(await refusal(c.client(lab.id))).toMatchObject(missing)
    expect(await refusal(c.test(lab.id))).toMatchObject(missing)
  })

  it('a refused token is said for what it was: a replacement keeps the old one, a saved one is refused', async () => {
    const { c, data } = await connections()
    await c.ensureFirstStart()
    const lab = await addRemote(c)
    const replaced = await refusal(
      c.save({ id: lab.id, name: lab.name, url: lab.url, token: 'wrong-key', fingerprint256: lab.fingerprint256 })
    )
    expect(replaced).toMatchObject({
      kind: 'auth',
      code: 'TOKEN_REFUSED',
      message: `The console at ${remote.console.url} refused the new API token. The previous token is kept.`
    })
    expect((await c.test(lab.id)).ok).toBe(true)
    // The key was deleted on the console (here: another key in the file).
    await writeFile(join(data.path, 'secrets.json'), JSON.stringify({ [lab.id]: 'deleted-key' }))
    const saved = await refusal(c.test(lab.id))
    expect(saved.message).toBe(
      `The console at ${remote.console.url} refuses the saved API token (it may have been deleted or expired).`
    )
    expect(saved.hint).toMatch(/^Use Change token… with a working key\./)
  })

  it('the choice to keep a token unencrypted reaches the token store, for a new console and a new token', async () => {
    const data = await tempDir()
    dirs.push(data)
    const files = createFileSecretStore(data.path)
    const asked: (boolean | undefined)[] = []
    const c = new Connections({
      store: createConfStore(data.path, 'profiles'),
      // The file store itself keeps every token in a 0600 file; what it was asked is recorded on the way.
      secrets: { ...files, set: (id, token, options) => (asked.push(options?.allowPlaintext), files.set(id, token)) },
      dataDir: data.path,
      startDemoConsole
    })
    open.push(c)
    await c.ensureFirstStart()
    const cert = await c.probe(remote.console.url)
    const lab = await c.save({
      name: 'Lab console',
      url: remote.console.url,
      token: remote.console.tokens.full,
      fingerprint256: cert.fingerprint256,
      allowPlaintextToken: true
    })
    await c.changeToken({ id: lab.id, token: remote.console.tokens.view, allowPlaintextToken: false })
    expect(asked).toEqual([true, false])
  })

  it('changing one profile leaves the others as they were', async () => {
    const { c } = await connections()
    await c.ensureFirstStart()
    const lab = await addRemote(c)
    const before = (await c.list()).profiles
    await c.changeToken({ id: lab.id, token: remote.console.tokens.view })
    await c.trustCertificate({ id: lab.id, fingerprint256: lab.fingerprint256 })
    expect((await c.list()).profiles).toEqual(before)
  })

  it('a new certificate for a saved console, without a new token: the one the user looked at is pinned', async () => {
    const { c } = await connections()
    await c.ensureFirstStart()
    const lab = await addRemote(c)
    // The user looks at another console's certificate (the annex, not saved here), then saves the
    // profile with it. The address saved is not reachable: the certificate pinned is the one seen.
    const seen = await c.probe(annex.console.url)
    const moved = await c.save({
      id: lab.id,
      name: lab.name,
      url: 'https://127.0.0.1:1',
      fingerprint256: seen.fingerprint256
    })
    expect(moved).toMatchObject({ id: lab.id, fingerprint256: annex.console.fingerprint256, tokenStorage: 'file' })
  })

  it('a profile written without a token says it has none', async () => {
    const { c, data } = await connections()
    await c.ensureFirstStart()
    const lab = await addRemote(c)
    const store = createConfStore(data.path, 'profiles')
    const records = store.get('profiles') as { id: string; tokenStorage: string }[]
    store.set(
      'profiles',
      records.map((p) => (p.id === lab.id ? { ...p, tokenStorage: 'none' } : p))
    )
    expect((await c.list()).profiles.find((p) => p.id === lab.id)).toMatchObject({
      hasToken: false,
      tokenStorage: 'none'
    })
    expect((await c.list()).profiles.find((p) => p.demo)).toMatchObject({ hasToken: true })
  })

  it('a restart with a saved console active does not start the demo console until it is chosen', async () => {
    const first = await connections()
    await first.c.ensureFirstStart()
    const demoId = (await first.c.list()).activeId!
    const lab = await addRemote(first.c)
    await first.c.select(lab.id)
    await first.c.close()

    const { c, changes } = await connections(first.data)
    await c.ensureFirstStart()
    expect(changes).toEqual([])
    const listed = await c.list()
    expect(listed.activeId).toBe(lab.id)
    expect(listed.profiles.find((p) => p.id === demoId)?.url).toBe('built-in')
    const selected = await c.select(demoId)
    expect(selected.url).toBe((await c.demoConsole()).url)
    expect(selected.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    expect(changes).toEqual([demoId])
  })

  it('a restart with the demo console active starts it at once', async () => {
    const first = await connections()
    await first.c.ensureFirstStart()
    await first.c.close()
    const { c } = await connections(first.data)
    await c.ensureFirstStart()
    const { profiles } = await c.list()
    expect(profiles[0]!.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
  })

  it('an unreadable profiles file is said with its path and left as it is', async () => {
    const data = await tempDir()
    dirs.push(data)
    const file = join(data.path, 'profiles.json')
    await writeFile(file, JSON.stringify({ profiles: [{ id: 1 }], activeId: null }))
    const { c } = await connections(data)
    expect(await refusal(c.ensureFirstStart())).toMatchObject({
      kind: 'storage',
      code: 'PROFILES_UNREADABLE',
      message: 'The saved connections could not be read.',
      hint: `Check or remove ${file}; nothing was overwritten.`
    })
    expect(await refusal(c.list())).toMatchObject({ code: 'PROFILES_UNREADABLE' })
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ profiles: [{ id: 1 }], activeId: null })
  })

  it('a demo console that cannot start is said; it starts once the cause is gone', async () => {
    const data = await tempDir()
    dirs.push(data)
    // A file where the demo console's directory should be.
    await writeFile(join(data.path, 'demo-console'), 'not a directory')
    const { c } = await connections(data)
    const err = await refusal(c.ensureFirstStart())
    expect(err).toMatchObject({ kind: 'server', code: 'DEMO_CONSOLE_FAILED' })
    expect(err.message).toMatch(/^The built-in demo console could not start: .+/)
    await rm(join(data.path, 'demo-console'))
    await c.ensureFirstStart()
    expect((await c.list()).profiles).toHaveLength(1)
  })

  it('close() stops the demo console and every client, and neither starts again', async () => {
    const { c } = await connections()
    await c.ensureFirstStart()
    const demo = await c.demoConsole()
    const client = await c.client()
    await c.close()
    expect(await failure(client.pinCodes.generate())).toMatchObject({ kind: 'network' })
    // Closed is for good: the data folder may be another process's now (nothing-after-close.test.ts).
    expect(await failure(c.demoConsole())).toMatchObject({ code: 'CLOSING' })
    expect(await failure(c.client())).toMatchObject({ code: 'CLOSING' })
    expect(demo.url).toMatch(/^https:/)
  })

  it("close() closes a saved console's kept-alive connections", async () => {
    const server = remote.console.app.server
    const open = () =>
      new Promise<number>((resolve, reject) => server.getConnections((e, n) => (e ? reject(e) : resolve(n))))
    const { c } = await connections()
    await c.ensureFirstStart()
    const lab = await addRemote(c)
    const before = await open()
    await (await c.client(lab.id)).pinCodes.generate()
    // The pinned agent keeps the socket for the next call.
    expect(await open()).toBe(before + 1)
    await c.close()
    const deadline = Date.now() + 2000
    while ((await open()) > before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect(await open()).toBe(before)
  })
})

describe('the token file', () => {
  it('reads nothing from a data dir without one, keeps each token apart, removes one alone', async () => {
    const data = await tempDir()
    try {
      const secrets = createFileSecretStore(data.path)
      expect(await secrets.get('a')).toBeUndefined()
      expect(await secrets.set('a', 'token-a')).toBe('file')
      expect(await secrets.set('b', 'token-b')).toBe('file')
      expect(await secrets.get('a')).toBe('token-a')
      expect(await secrets.get('b')).toBe('token-b')
      await secrets.delete('a')
      expect(await secrets.get('a')).toBeUndefined()
      expect(await secrets.get('b')).toBe('token-b')
      const file = join(data.path, 'secrets.json')
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ b: 'token-b' })
      expect((await stat(file)).mode & 0o777).toBe(0o600)
      // Another store on the same dir (a restart) reads the same tokens.
      expect(await createFileSecretStore(data.path).get('b')).toBe('token-b')
    } finally {
      await data.remove()
    }
  })
})
